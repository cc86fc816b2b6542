/**
 * Arguments for a tool call, generated from the tool's input schema when the user gave none: the smallest call the
 * schema allows, so that a tool can be reached without writing its arguments by hand. Unlike an elicitation's
 * restricted schema, an input schema is any JSON Schema (draft-07 or 2020-12, as zod and other libraries emit it):
 * nested objects, arrays of objects, `$ref`, `allOf`, `anyOf`/`oneOf`, type lists.
 *
 * Each value is, in this order: the schema's `const`, its `default`, its first `enum` value, or a value its type and
 * constraints allow — only the required properties of an object, strings "example" (or the `format` asked for, within
 * `minLength`/`maxLength`, tried against `pattern`), numbers 1 moved into range (`minimum`, `maximum`, the exclusive
 * bounds, `multipleOf`), `false`, `null`, and arrays of `minItems` items.
 */
import { validString } from "./content.ts";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Schema {
  $ref?: string;
  const?: Json;
  default?: Json;
  enum?: Json[];
  type?: string | string[];
  allOf?: unknown[];
  anyOf?: unknown[];
  oneOf?: unknown[];
  properties?: Record<string, unknown>;
  required?: string[];
  minProperties?: number;
  /** A schema for every item, or (draft-07 tuples) one per position. */
  items?: unknown;
  /** 2020-12 tuples: one schema per position. */
  prefixItems?: unknown[];
  additionalItems?: unknown;
  minItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
}

/** `$ref` chains and recursive schemas stop here: deeper than any real input schema nests. */
const MAX_DEPTH = 16;

function asSchema(value: unknown): Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Schema) : {};
}

/** A local reference (`#/$defs/Seat`, `#/definitions/Seat`) resolved in the root schema; `{}` when it cannot be. */
function resolve(root: unknown, ref: string): Schema {
  if (!ref.startsWith("#")) return {};
  let node: unknown = root;
  for (const part of ref.slice(1).split("/").filter(Boolean)) {
    const key = decodeURIComponent(part).replaceAll("~1", "/").replaceAll("~0", "~");
    node = asSchema(node)[key as keyof Schema];
  }
  return asSchema(node);
}

/** `allOf` branches merged into one schema: properties and required lists joined, other keywords first come first. */
function merged(schema: Schema): Schema {
  if (!schema.allOf) return schema;
  let result: Schema = { ...schema, allOf: undefined };
  for (const branch of schema.allOf.map(asSchema)) {
    result = {
      ...branch,
      ...result,
      properties: { ...branch.properties, ...result.properties },
      required: [...(result.required ?? []), ...(branch.required ?? [])],
    };
  }
  return result;
}

function typeOf(schema: Schema): string {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const chosen = types.find((type) => type !== "null") ?? types[0];
  if (chosen) return chosen;
  if (schema.properties || schema.required) return "object";
  if (schema.items || schema.prefixItems) return "array";
  if (schema.minimum !== undefined || schema.maximum !== undefined || schema.multipleOf !== undefined) return "number";
  return "string";
}

/** The exclusive bounds, in either draft's form (draft-04: a boolean beside `minimum`; later: a number). */
function exclusiveBounds(schema: Schema): { above: number | undefined; below: number | undefined } {
  const bound = (exclusive: number | boolean | undefined, inclusive: number | undefined): number | undefined =>
    typeof exclusive === "number" ? exclusive : exclusive === true ? inclusive : undefined;
  return {
    above: bound(schema.exclusiveMinimum, schema.minimum),
    below: bound(schema.exclusiveMaximum, schema.maximum),
  };
}

function numberFits(schema: Schema, value: number): boolean {
  const { above, below } = exclusiveBounds(schema);
  return (
    (schema.minimum === undefined || value >= schema.minimum) &&
    (schema.maximum === undefined || value <= schema.maximum) &&
    (above === undefined || value > above) &&
    (below === undefined || value < below)
  );
}

/** A number the schema allows, near 1; the `index`-th of distinct ones for a `uniqueItems` array. */
function numberFor(schema: Schema, integer: boolean, index: number): number {
  const step = schema.multipleOf ?? (integer ? 1 : undefined);
  const first = smallestNumberFor(schema, step);
  const distinct = first + index * (step ?? 1);
  return index > 0 && numberFits(schema, distinct) ? distinct : first;
}

/** 1 when the schema allows it, else the value nearest the lower bound (on the step, past an exclusive bound). */
function smallestNumberFor(schema: Schema, step: number | undefined): number {
  const onStep = (value: number): number => (step ? Math.ceil(value / step) * step : value);
  if (numberFits(schema, onStep(1))) return onStep(1);
  const { above, below } = exclusiveBounds(schema);
  const floor = Math.max(schema.minimum ?? Number.NEGATIVE_INFINITY, above ?? Number.NEGATIVE_INFINITY);
  if (Number.isFinite(floor)) {
    const candidates = [onStep(floor), step ? onStep(floor) + step : floor + 0.5, floor + 1];
    const fitting = candidates.find((candidate) => numberFits(schema, candidate));
    if (fitting !== undefined) return fitting;
  }
  // Only an upper bound below 1: the largest value on the step under it.
  const ceiling = Math.min(schema.maximum ?? Number.POSITIVE_INFINITY, below ?? Number.POSITIVE_INFINITY);
  const under = step ? Math.floor(ceiling / step) * step : ceiling;
  return numberFits(schema, under) ? under : under - (step ?? 1);
}

/** A string the schema allows; `undefined` when it has a `pattern` none of a few plain candidates matches. */
function patternedString(schema: Schema, name: string, index: number): string | undefined {
  const base = validString(schema, name);
  const unique = index === 0 ? base : `${base}${index}`;
  if (!schema.pattern) return unique;
  let pattern: RegExp;
  try {
    pattern = new RegExp(schema.pattern, "u");
  } catch {
    return unique;
  }
  const candidates = [unique, base, "a", "A", "0", "1", "a1", "example-1", "2026-01-01", "person@example.com"];
  return candidates.find((candidate) => pattern.test(candidate) && lengthAllowed(schema, candidate));
}

function lengthAllowed(schema: Schema, text: string): boolean {
  return text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
}

/**
 * The `anyOf`/`oneOf` branch to generate from: the first that is not `null` and whose strings the kit can write, else
 * a `null` branch (a nullable field whose pattern no candidate meets), else the first.
 */
function chooseBranch(root: unknown, branches: readonly unknown[]): unknown {
  const writable = (candidate: unknown): boolean => {
    let schema = asSchema(candidate);
    if (schema.$ref) schema = { ...resolve(root, schema.$ref), ...schema };
    return typeOf(schema) !== "string" || schema.pattern === undefined || patternedString(schema, "", 0) !== undefined;
  };
  const isNull = (candidate: unknown): boolean => typeOf(asSchema(candidate)) === "null";
  return (
    branches.find((candidate) => !isNull(candidate) && writable(candidate)) ?? branches.find(isNull) ?? branches[0]
  );
}

function valueFor(root: unknown, raw: unknown, name: string, depth: number, index = 0): Json {
  if (raw === true || raw === undefined) return "example";
  if (raw === false || depth > MAX_DEPTH) return null;
  let schema = asSchema(raw);
  if (schema.$ref)
    return valueFor(root, { ...resolve(root, schema.$ref), ...schema, $ref: undefined }, name, depth + 1);
  schema = merged(schema);
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined && index === 0) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[Math.min(index, schema.enum.length - 1)]!;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0) {
    const branch = chooseBranch(root, branches);
    return valueFor(
      root,
      { ...schema, anyOf: undefined, oneOf: undefined, ...asSchema(branch) },
      name,
      depth + 1,
      index,
    );
  }
  switch (typeOf(schema)) {
    case "object":
      return objectFor(root, schema, depth);
    case "array": {
      const tuple = Array.isArray(schema.items);
      const prefix = schema.prefixItems ?? (tuple ? (schema.items as unknown[]) : []);
      const rest = tuple ? schema.additionalItems : schema.items;
      const count = schema.minItems ?? 0;
      return Array.from({ length: count }, (_unused, position) =>
        valueFor(root, prefix[position] ?? rest, `${name}[${position}]`, depth + 1, schema.uniqueItems ? position : 0),
      );
    }
    case "integer":
    case "number":
      return numberFor(schema, typeOf(schema) === "integer", index);
    case "boolean":
      return index % 2 === 1;
    case "null":
      return null;
    default:
      // No candidate meets the pattern: "example", and the tool's own error says what it wanted.
      return patternedString(schema, name, index) ?? validString(schema, name);
  }
}

function objectFor(root: unknown, schema: Schema, depth: number): { [key: string]: Json } {
  const result: { [key: string]: Json } = {};
  const properties = schema.properties ?? {};
  const names = [...new Set(schema.required ?? [])];
  // A `minProperties` above the required count takes the optional ones in order.
  for (const optional of Object.keys(properties)) {
    if (names.length >= (schema.minProperties ?? 0)) break;
    if (!names.includes(optional)) names.push(optional);
  }
  for (const name of names) result[name] = valueFor(root, properties[name], name, depth + 1);
  return result;
}

/** The smallest arguments `inputSchema` allows (see the module comment); `{}` for a tool that takes none. */
export function argumentsFor(inputSchema: unknown): Record<string, unknown> {
  // The arguments are an object even where the schema does not say so.
  const value = valueFor(inputSchema, { type: "object", ...asSchema(inputSchema) }, "arguments", 0);
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
}
