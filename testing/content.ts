/**
 * Answers a scripted person gives to a form elicitation: content that satisfies the requested schema, and
 * content that violates it (the "accept with invalid content" path), both derived from the schema itself so a
 * user does not have to write them for every tool.
 *
 * MCP restricts a requested schema to flat properties of these kinds, and the generators honour every constraint
 * each kind may carry: strings (`minLength`, `maxLength`, `format` email/uri/date/date-time), numbers and integers
 * (`minimum`, `maximum`), booleans, single-select enums (`enum`, `oneOf` with `const`) and multi-select arrays
 * (`items.enum` or `items.anyOf`, `minItems`, `maxItems`).
 */

/** The content of an `accept`: field name → string, number, boolean or list of strings (MCP `ElicitResult`). */
export type ElicitContent = Record<string, string | number | boolean | string[]>;

type Value = string | number | boolean | string[];

/** The subset of an MCP requested schema (`requestedSchema`) that the generators read. */
interface FieldSchema {
  type?: string;
  enum?: unknown[];
  oneOf?: Array<{ const?: unknown }>;
  anyOf?: Array<{ const?: unknown }>;
  items?: { type?: string; enum?: unknown[]; anyOf?: Array<{ const?: unknown }>; oneOf?: Array<{ const?: unknown }> };
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export interface RequestedSchema {
  properties?: Record<string, object>;
  required?: string[];
}

/** The schema asks for something no value can be (e.g. `minLength` above `maxLength`): the kit cannot answer it. */
export class UnsatisfiableSchemaError extends Error {
  override name = "UnsatisfiableSchemaError";
}

function choices(field: FieldSchema["items"] | FieldSchema | undefined): unknown[] {
  if (!field) return [];
  if (Array.isArray(field.enum)) return field.enum;
  const titled = field.oneOf ?? field.anyOf;
  return Array.isArray(titled) ? titled.map((option) => option.const).filter((value) => value !== undefined) : [];
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function matchesFormat(format: string | undefined, value: string): boolean {
  switch (format) {
    case "email":
      return EMAIL.test(value);
    case "uri":
      return /^[a-z][a-z0-9+.-]*:\S*$/i.test(value);
    case "date":
      return DATE.test(value);
    case "date-time":
      return DATE_TIME.test(value);
    default:
      return true;
  }
}

function lengthFits(field: FieldSchema, length: number): boolean {
  return length >= (field.minLength ?? 0) && length <= (field.maxLength ?? Number.POSITIVE_INFINITY);
}

/** Whether `value` satisfies `field` (the checks MCP clients and the SDK's validators apply). */
export function satisfiesField(field: object, value: unknown): boolean {
  const schema = field as FieldSchema;
  switch (schema.type) {
    case "boolean":
      return typeof value === "boolean";
    case "number":
    case "integer":
      return (
        typeof value === "number" &&
        Number.isFinite(value) &&
        (schema.type === "number" || Number.isInteger(value)) &&
        value >= (schema.minimum ?? Number.NEGATIVE_INFINITY) &&
        value <= (schema.maximum ?? Number.POSITIVE_INFINITY)
      );
    case "array": {
      if (!Array.isArray(value)) return false;
      const options = choices(schema.items);
      return (
        value.length >= (schema.minItems ?? 0) &&
        value.length <= (schema.maxItems ?? Number.POSITIVE_INFINITY) &&
        value.every((item) => typeof item === "string" && (options.length === 0 || options.includes(item)))
      );
    }
    default: {
      if (typeof value !== "string") return false;
      const options = choices(schema);
      if (options.length > 0) return options.includes(value);
      return lengthFits(schema, value.length) && matchesFormat(schema.format, value);
    }
  }
}

/** A string of a format, as short as the format allows, lengthened (where the format can grow) to `length`. */
function formatted(format: string, length: number): string | undefined {
  switch (format) {
    case "email":
      return "person".padEnd(Math.max(length - "@example.com".length, "person".length), "x") + "@example.com";
    case "uri": {
      const base = "https://example.com/";
      return length <= base.length ? base : base.padEnd(length, "x");
    }
    case "date":
      return "2026-01-01";
    case "date-time":
      return "2026-01-01T00:00:00Z";
    default:
      return undefined;
  }
}

/** A string within `minLength`/`maxLength` and of `format` (when one the kit knows): "example", padded or cut to fit. */
export function validString(field: Pick<FieldSchema, "minLength" | "maxLength" | "format">, name: string): string {
  const minimum = field.minLength ?? 0;
  const maximum = field.maxLength ?? Number.POSITIVE_INFINITY;
  if (minimum > maximum)
    throw new UnsatisfiableSchemaError(`"${name}": minLength ${minimum} is above maxLength ${maximum}`);
  if (field.format) {
    // Email and uri grow to minLength; if the shortest example is still too long, try the shortest the format allows.
    const candidates = [formatted(field.format, minimum), field.format === "email" ? "a@b.co" : "a:b"];
    const fitting = candidates.find(
      (candidate) =>
        candidate !== undefined && lengthFits(field, candidate.length) && matchesFormat(field.format, candidate),
    );
    if (fitting !== undefined) return fitting;
    if (formatted(field.format, minimum) !== undefined) {
      throw new UnsatisfiableSchemaError(
        `"${name}": no ${field.format} fits between minLength ${minimum} and maxLength ${maximum}`,
      );
    }
  }
  const target = Math.min(Math.max("example".length, minimum), maximum);
  return "example".padEnd(target, "x").slice(0, target);
}

function validNumber(field: FieldSchema, name: string): number {
  const maximum = field.maximum ?? Number.POSITIVE_INFINITY;
  const preferred = field.minimum ?? Math.min(1, maximum);
  const value = field.type === "integer" ? Math.ceil(preferred) : preferred;
  if (value > maximum)
    throw new UnsatisfiableSchemaError(
      `"${name}": no ${field.type} between minimum ${field.minimum} and maximum ${field.maximum}`,
    );
  return value;
}

function validArray(field: FieldSchema, name: string): string[] {
  const options = choices(field.items).map(String);
  const count = Math.min(
    Math.max(field.minItems ?? 1, 1),
    field.maxItems ?? Number.POSITIVE_INFINITY,
    options.length > 0 ? options.length : 1,
  );
  if (count < (field.minItems ?? 0)) {
    throw new UnsatisfiableSchemaError(`"${name}": minItems ${field.minItems} but only ${options.length} options`);
  }
  return options.length > 0 ? options.slice(0, count) : Array.from({ length: count }, () => "example");
}

function validValue(field: FieldSchema, name: string): Value {
  if (field.default !== undefined && satisfiesField(field, field.default)) return field.default as Value;
  switch (field.type) {
    case "boolean":
      return true;
    case "number":
    case "integer":
      return validNumber(field, name);
    case "array":
      return validArray(field, name);
    default: {
      const options = choices(field);
      if (options.length > 0) return String(options[0]);
      return validString(field, name);
    }
  }
}

/** Content that satisfies `schema`: every property, each with its default (when valid), first option, or a value its constraints allow. */
export function validContentFor(schema: RequestedSchema | undefined): ElicitContent {
  const content: ElicitContent = {};
  for (const [name, field] of Object.entries(schema?.properties ?? {}))
    content[name] = validValue(field as FieldSchema, name);
  return content;
}

/** An answer that breaks the schema on purpose, and which constraint it breaks. */
export interface InvalidAnswer {
  readonly content: ElicitContent;
  /** The field and the constraint the content violates, e.g. `state: maxLength 2`. */
  readonly violates: string;
}

/**
 * A value for `field` that breaks its most specific constraint while keeping a type the MCP result shape carries
 * (so only the schema check can reject it), and the constraint it breaks.
 */
function invalidValue(field: FieldSchema): { value: Value; constraint: string } {
  switch (field.type) {
    case "boolean":
      return { value: "not-a-boolean", constraint: "type boolean" };
    case "number":
    case "integer":
      if (field.maximum !== undefined) return { value: field.maximum + 1, constraint: `maximum ${field.maximum}` };
      if (field.minimum !== undefined) return { value: field.minimum - 1, constraint: `minimum ${field.minimum}` };
      if (field.type === "integer") return { value: 1.5, constraint: "type integer" };
      return { value: "not-a-number", constraint: "type number" };
    case "array": {
      const options = choices(field.items).map(String);
      if (field.minItems !== undefined && field.minItems > 0)
        return { value: options.slice(0, field.minItems - 1), constraint: `minItems ${field.minItems}` };
      if (field.maxItems !== undefined && options.length > field.maxItems)
        return { value: options.slice(0, field.maxItems + 1), constraint: `maxItems ${field.maxItems}` };
      if (options.length > 0) return { value: ["not-one-of-the-options"], constraint: "items enum" };
      return { value: 12_345, constraint: "type array" };
    }
    default: {
      if (choices(field).length > 0)
        return { value: "not-one-of-the-options", constraint: field.enum ? "enum" : "oneOf" };
      if (field.format && formatted(field.format, 0) !== undefined)
        return { value: `not-a-${field.format}`, constraint: `format ${field.format}` };
      if (field.maxLength !== undefined)
        return { value: "x".repeat(field.maxLength + 1), constraint: `maxLength ${field.maxLength}` };
      if (field.minLength !== undefined && field.minLength > 0)
        return { value: "x".repeat(field.minLength - 1), constraint: `minLength ${field.minLength}` };
      return { value: 12_345, constraint: "type string" };
    }
  }
}

/**
 * Content that violates `schema` in exactly one place: valid everywhere except one field (the first required one,
 * else the first property), which breaks that field's most specific constraint. Throws when the schema has no
 * properties, since then no content can violate it.
 */
export function invalidAnswerFor(schema: RequestedSchema | undefined): InvalidAnswer {
  const properties = Object.entries(schema?.properties ?? {});
  const target = schema?.required?.[0] ?? properties[0]?.[0];
  if (target === undefined) {
    throw new UnsatisfiableSchemaError(
      "the requested schema has no properties, so no content can violate it: pass invalidContent",
    );
  }
  const content = validContentFor(schema);
  const { value, constraint } = invalidValue((schema?.properties?.[target] ?? {}) as FieldSchema);
  content[target] = value;
  return { content, violates: `${target}: ${constraint}` };
}

/** The content of `invalidAnswerFor(schema)`. */
export function invalidContentFor(schema: RequestedSchema | undefined): ElicitContent {
  return invalidAnswerFor(schema).content;
}
