/**
 * Answers a scripted person gives to a form elicitation: content that satisfies the requested schema, and
 * content that violates it (the "accept with invalid content" path), both derived from the schema itself so a
 * user does not have to write them for every tool.
 */

/** The content of an `accept`: field name → string, number, boolean or list of strings (MCP `ElicitResult`). */
export type ElicitContent = Record<string, string | number | boolean | string[]>;

/** The subset of an MCP requested schema (`requestedSchema`) that the generators read. */
interface FieldSchema {
  type?: string;
  enum?: unknown[];
  oneOf?: Array<{ const?: unknown }>;
  anyOf?: Array<{ const?: unknown }>;
  items?: { type?: string; enum?: unknown[]; anyOf?: Array<{ const?: unknown }> };
  format?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  default?: unknown;
}

export interface RequestedSchema {
  properties?: Record<string, object>;
  required?: string[];
}

const EXAMPLE_BY_FORMAT: Record<string, string> = {
  email: "person@example.com",
  uri: "https://example.com/",
  date: "2026-01-01",
  "date-time": "2026-01-01T00:00:00Z",
};

function choices(field: FieldSchema | undefined): unknown[] {
  if (!field) return [];
  if (Array.isArray(field.enum)) return field.enum;
  const titled = field.oneOf ?? field.anyOf;
  return Array.isArray(titled) ? titled.map((option) => option.const).filter((value) => value !== undefined) : [];
}

function validValue(field: FieldSchema): string | number | boolean | string[] {
  if (field.default !== undefined && field.type !== "array") return field.default as string | number | boolean;
  switch (field.type) {
    case "boolean":
      return true;
    case "number":
    case "integer": {
      const low = field.minimum ?? 1;
      const value = field.maximum !== undefined && field.maximum < low ? field.maximum : low;
      return field.type === "integer" ? Math.ceil(value) : value;
    }
    case "array": {
      const options = choices(field.items).map(String);
      const count = Math.max(field.minItems ?? 1, 1);
      return Array.isArray(field.default) ? (field.default as string[]) : options.slice(0, count);
    }
    default: {
      const options = choices(field);
      if (options.length > 0) return String(options[0]);
      if (field.format && EXAMPLE_BY_FORMAT[field.format]) return EXAMPLE_BY_FORMAT[field.format]!;
      return "example".padEnd(field.minLength ?? 0, "x");
    }
  }
}

/** A value of the wrong kind for `field`, that the MCP result shape still carries (so only the schema check fails). */
function invalidValue(field: FieldSchema): string | number | boolean | string[] {
  switch (field.type) {
    case "boolean":
      return "not-a-boolean";
    case "number":
    case "integer":
      return "not-a-number";
    case "array":
      return 12_345;
    default:
      return choices(field).length > 0 ? "not-one-of-the-options" : 12_345;
  }
}

/** Content that satisfies `schema`: every property, each with its default, first option, or a plausible value. */
export function validContentFor(schema: RequestedSchema | undefined): ElicitContent {
  const content: ElicitContent = {};
  for (const [name, field] of Object.entries(schema?.properties ?? {})) content[name] = validValue(field as FieldSchema);
  return content;
}

/**
 * Content that violates `schema`: valid everywhere except one field (the first required one, else the first
 * property), which gets a value of the wrong type or outside its options. Throws when the schema has no
 * properties, since then no content can violate it.
 */
export function invalidContentFor(schema: RequestedSchema | undefined): ElicitContent {
  const properties = Object.entries(schema?.properties ?? {});
  const target = schema?.required?.[0] ?? properties[0]?.[0];
  if (target === undefined) {
    throw new Error("the requested schema has no properties, so no content can violate it: pass invalidContent");
  }
  const content = validContentFor(schema);
  content[target] = invalidValue((schema?.properties?.[target] ?? {}) as FieldSchema);
  return content;
}
