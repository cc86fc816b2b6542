import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv-provider.js";
import { describe, expect, it } from "vitest";
import {
  invalidAnswerFor,
  invalidContentFor,
  satisfiesField,
  UnsatisfiableSchemaError,
  validContentFor,
} from "./content.ts";

/** The validator the MCP SDK's server runs on an accepted answer: the generators are checked against it, not against themselves. */
const ajv = new AjvJsonSchemaValidator();
function sdkAccepts(schema: object, content: unknown): boolean {
  return ajv.getValidator({ type: "object", ...schema })(content).valid;
}

const deploySchema = {
  type: "object",
  properties: {
    branch: { type: "string", title: "Branch" },
    priority: { type: "string", enum: ["P1", "P2"] },
    region: {
      type: "string",
      oneOf: [
        { const: "eu", title: "Europe" },
        { const: "us", title: "US" },
      ],
    },
    contact: { type: "string", format: "email" },
    code: { type: "string", minLength: 10 },
    replicas: { type: "integer", minimum: 2.5, maximum: 9 },
    ratio: { type: "number", maximum: 0.5 },
    notify: { type: "boolean" },
    batch: { type: "integer", default: 500 },
    targets: { type: "array", items: { type: "string", enum: ["web", "api", "worker"] }, minItems: 2 },
  },
  required: ["priority", "branch"],
};

/** One field per constraint MCP's restricted schema allows, each with what a valid answer must look like. */
const CONSTRAINTS: Array<{ name: string; field: object; valid: (value: unknown) => void }> = [
  { name: "minLength", field: { type: "string", minLength: 12 }, valid: (value) => expect(value).toHaveLength(12) },
  { name: "maxLength", field: { type: "string", maxLength: 3 }, valid: (value) => expect(value).toBe("exa") },
  {
    name: "minLength = maxLength (a US state)",
    field: { type: "string", minLength: 2, maxLength: 2 },
    valid: (value) => expect(value).toBe("ex"),
  },
  {
    name: "format email",
    field: { type: "string", format: "email" },
    valid: (value) => expect(value).toBe("person@example.com"),
  },
  {
    name: "format email, short",
    field: { type: "string", format: "email", maxLength: 8 },
    valid: (value) => expect(value).toBe("a@b.co"),
  },
  {
    name: "format email, long",
    field: { type: "string", format: "email", minLength: 30 },
    valid: (value) => expect(value).toHaveLength(30),
  },
  {
    name: "format uri",
    field: { type: "string", format: "uri" },
    valid: (value) => expect(value).toBe("https://example.com/"),
  },
  {
    name: "format date",
    field: { type: "string", format: "date" },
    valid: (value) => expect(value).toBe("2026-01-01"),
  },
  {
    name: "format date-time",
    field: { type: "string", format: "date-time" },
    valid: (value) => expect(value).toBe("2026-01-01T00:00:00Z"),
  },
  { name: "minimum", field: { type: "number", minimum: 7.5 }, valid: (value) => expect(value).toBe(7.5) },
  { name: "maximum below 1", field: { type: "number", maximum: -3 }, valid: (value) => expect(value).toBe(-3) },
  {
    name: "integer minimum",
    field: { type: "integer", minimum: 2.5, maximum: 9 },
    valid: (value) => expect(value).toBe(3),
  },
  { name: "enum", field: { type: "string", enum: ["P1", "P2"] }, valid: (value) => expect(value).toBe("P1") },
  {
    name: "oneOf",
    field: { type: "string", oneOf: [{ const: "eu", title: "Europe" }] },
    valid: (value) => expect(value).toBe("eu"),
  },
  {
    name: "minItems",
    field: { type: "array", minItems: 2, items: { type: "string", enum: ["a", "b", "c"] } },
    valid: (value) => expect(value).toEqual(["a", "b"]),
  },
  {
    name: "maxItems with anyOf items",
    field: { type: "array", maxItems: 1, items: { anyOf: [{ const: "fish-1" }, { const: "fish-2" }] } },
    valid: (value) => expect(value).toEqual(["fish-1"]),
  },
  {
    name: "a default that fits",
    field: { type: "string", maxLength: 5, default: "abc" },
    valid: (value) => expect(value).toBe("abc"),
  },
  {
    name: "a default that does not fit",
    field: { type: "string", maxLength: 2, default: "abc" },
    valid: (value) => expect(value).toBe("ex"),
  },
];

describe("content for a scripted accept", () => {
  it("fills every property with its default, first option, or a value its constraints allow", () => {
    const content = validContentFor(deploySchema);
    expect(content).toEqual({
      branch: "example",
      priority: "P1",
      region: "eu",
      contact: "person@example.com",
      code: "examplexxx",
      replicas: 3,
      ratio: 0.5,
      notify: true,
      batch: 500,
      targets: ["web", "api"],
    });
    expect(sdkAccepts(deploySchema, content)).toBe(true);
  });

  for (const { name, field, valid } of CONSTRAINTS) {
    it(`honours ${name}, and the SDK's validator accepts it`, () => {
      const content = validContentFor({ properties: { field } });
      valid(content.field);
      expect(satisfiesField(field, content.field)).toBe(true);
      expect(sdkAccepts({ properties: { field } }, content)).toBe(true);
    });
  }

  it("answers the SDK's shipping-address example (a two-letter state) so that a correct tool can accept", () => {
    const schema = { properties: { state: { type: "string", minLength: 2, maxLength: 2 } }, required: ["state"] };
    expect(validContentFor(schema)).toEqual({ state: "ex" });
    expect(sdkAccepts(schema, validContentFor(schema))).toBe(true);
  });

  it("says which field cannot be answered when the constraints contradict each other", () => {
    expect(() => validContentFor({ properties: { code: { type: "string", minLength: 5, maxLength: 3 } } })).toThrow(
      new UnsatisfiableSchemaError('"code": minLength 5 is above maxLength 3'),
    );
    expect(() => validContentFor({ properties: { day: { type: "string", format: "date", maxLength: 8 } } })).toThrow(
      UnsatisfiableSchemaError,
    );
    expect(() => validContentFor({ properties: { n: { type: "integer", minimum: 1.2, maximum: 1.8 } } })).toThrow(
      "no integer between",
    );
    expect(() =>
      validContentFor({ properties: { tags: { type: "array", minItems: 3, items: { enum: ["a"] } } } }),
    ).toThrow("only 1 options");
  });

  it("is empty for a schema with no properties", () => {
    expect(validContentFor({ properties: {} })).toEqual({});
    expect(validContentFor(undefined)).toEqual({});
  });
});

describe("content that violates the schema", () => {
  it("breaks the first required field and keeps the rest valid", () => {
    expect(invalidContentFor(deploySchema)).toEqual({
      ...validContentFor(deploySchema),
      priority: "not-one-of-the-options",
    });
    expect(invalidAnswerFor(deploySchema).violates).toBe("priority: enum");
  });

  const violations: Array<[string, object, string]> = [
    ["type string", { type: "string" }, "field: type string"],
    ["minLength", { type: "string", minLength: 4 }, "field: minLength 4"],
    ["maxLength", { type: "string", minLength: 2, maxLength: 2 }, "field: maxLength 2"],
    ["format email", { type: "string", format: "email" }, "field: format email"],
    ["format uri", { type: "string", format: "uri" }, "field: format uri"],
    ["format date", { type: "string", format: "date" }, "field: format date"],
    ["format date-time", { type: "string", format: "date-time" }, "field: format date-time"],
    ["maximum", { type: "integer", minimum: 1, maximum: 100 }, "field: maximum 100"],
    ["minimum", { type: "number", minimum: 0 }, "field: minimum 0"],
    ["type integer", { type: "integer" }, "field: type integer"],
    ["type boolean", { type: "boolean" }, "field: type boolean"],
    ["enum", { type: "string", enum: ["a", "b"] }, "field: enum"],
    ["oneOf", { type: "string", oneOf: [{ const: "a" }, { const: "b" }] }, "field: oneOf"],
    ["minItems", { type: "array", minItems: 2, items: { enum: ["a", "b", "c"] } }, "field: minItems 2"],
    [
      "maxItems",
      { type: "array", maxItems: 1, items: { anyOf: [{ const: "a" }, { const: "b" }] } },
      "field: maxItems 1",
    ],
    ["items enum", { type: "array", items: { enum: ["a", "b"] } }, "field: items enum"],
  ];
  for (const [name, field, violates] of violations) {
    it(`violates ${name} on purpose, and the SDK's validator rejects it`, () => {
      const schema = { properties: { field, other: { type: "string" } }, required: ["field"] };
      const answer = invalidAnswerFor(schema);
      expect(answer.violates).toBe(violates);
      expect(answer.content.other).toBe("example");
      expect(satisfiesField(field, answer.content.field)).toBe(false);
      expect(sdkAccepts(schema, answer.content)).toBe(false);
      // The same schema answered validly passes, so it is the one broken constraint that fails.
      expect(sdkAccepts(schema, validContentFor(schema))).toBe(true);
    });
  }

  it("refuses a schema with no properties, which no content can violate", () => {
    expect(() => invalidContentFor({ properties: {} })).toThrow("no content can violate it: pass invalidContent");
  });
});
