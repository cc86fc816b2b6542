import { describe, expect, it } from "vitest";
import { invalidContentFor, validContentFor } from "./content.ts";

const deploySchema = {
  type: "object",
  properties: {
    branch: { type: "string", title: "Branch" },
    priority: { type: "string", enum: ["P1", "P2"] },
    region: { type: "string", oneOf: [{ const: "eu", title: "Europe" }, { const: "us", title: "US" }] },
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

describe("content for a scripted accept", () => {
  it("fills every property with its default, first option, or a value its constraints allow", () => {
    expect(validContentFor(deploySchema)).toEqual({
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
  });

  it("is empty for a schema with no properties", () => {
    expect(validContentFor({ properties: {} })).toEqual({});
    expect(validContentFor(undefined)).toEqual({});
  });
});

describe("content that violates the schema", () => {
  it("breaks the first required field and keeps the rest valid", () => {
    expect(invalidContentFor(deploySchema)).toEqual({ ...validContentFor(deploySchema), priority: "not-one-of-the-options" });
  });

  it("gives each kind of field a value of the wrong kind", () => {
    const one = (field: object) => invalidContentFor({ properties: { field } }).field;
    expect(one({ type: "string" })).toBe(12_345);
    expect(one({ type: "integer" })).toBe("not-a-number");
    expect(one({ type: "boolean" })).toBe("not-a-boolean");
    expect(one({ type: "array", items: { type: "string", enum: ["a"] } })).toBe(12_345);
  });

  it("refuses a schema with no properties, which no content can violate", () => {
    expect(() => invalidContentFor({ properties: {} })).toThrow("no content can violate it: pass invalidContent");
  });
});
