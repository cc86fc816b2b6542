import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv-provider.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { argumentsFor } from "./arguments.ts";

/** The validator the MCP SDK uses for JSON Schema: generated arguments are checked against it, not against themselves. */
const ajv = new AjvJsonSchemaValidator();
function valid(schema: object, value: unknown): boolean {
  return ajv.getValidator(schema)(value).valid;
}

describe("argumentsFor: the smallest arguments a tool's input schema allows", () => {
  it("takes the required properties only, each its const, default, first enum value or a value of its type", () => {
    const schema = {
      type: "object",
      properties: {
        seat: { type: "string" },
        guests: { type: "integer" },
        ratio: { type: "number" },
        confirm: { type: "boolean" },
        nothing: { type: "null" },
        tier: { type: "string", enum: ["gold", "silver"] },
        region: { const: "eu" },
        batch: { type: "integer", default: 500 },
        note: { type: "string" },
      },
      required: ["seat", "guests", "ratio", "confirm", "nothing", "tier", "region", "batch"],
    };
    const generated = argumentsFor(schema);
    expect(generated).toEqual({
      seat: "example",
      guests: 1,
      ratio: 1,
      confirm: false,
      nothing: null,
      tier: "gold",
      region: "eu",
      batch: 500,
    });
    expect(valid(schema, generated)).toBe(true);
  });

  const constrained: Array<[string, object]> = [
    ["a string within minLength", { type: "string", minLength: 12 }],
    ["a string within maxLength", { type: "string", maxLength: 3 }],
    ["an email", { type: "string", format: "email" }],
    ["a date-time", { type: "string", format: "date-time" }],
    ["a uri", { type: "string", format: "uri" }],
    ["a string matching a pattern", { type: "string", pattern: "^[0-9]+$" }],
    ["an integer above a minimum", { type: "integer", minimum: 15, maximum: 480 }],
    ["an integer below a maximum under 1", { type: "integer", maximum: -3 }],
    ["a number past an exclusive minimum (draft-07)", { type: "number", exclusiveMinimum: 1 }],
    ["a number on a step", { type: "number", minimum: 2, multipleOf: 0.75 }],
    ["an integer between exclusive bounds", { type: "integer", exclusiveMinimum: 4, exclusiveMaximum: 6 }],
    ["a nullable string (type list)", { type: ["null", "string"], minLength: 2 }],
    [
      "an array of minItems distinct strings",
      { type: "array", items: { type: "string" }, minItems: 3, uniqueItems: true },
    ],
    [
      "an array of distinct enum values",
      { type: "array", items: { enum: ["a", "b", "c"] }, minItems: 2, uniqueItems: true },
    ],
    [
      "an array of distinct integers",
      { type: "array", items: { type: "integer", minimum: 5 }, minItems: 3, uniqueItems: true },
    ],
    [
      "an array of objects",
      {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          properties: { sku: { type: "string" }, qty: { type: "integer", minimum: 1 } },
          required: ["sku", "qty"],
        },
      },
    ],
    ["an untyped schema with properties", { properties: { id: { type: "string" } }, required: ["id"] }],
    [
      "minProperties above the required ones",
      { type: "object", properties: { a: { type: "string" }, b: { type: "integer" } }, minProperties: 2 },
    ],
  ];
  for (const [name, field] of constrained) {
    it(`gives ${name} that the SDK's validator accepts`, () => {
      const schema = { type: "object", properties: { field }, required: ["field"] };
      const generated = argumentsFor(schema);
      expect(valid(schema, generated), JSON.stringify(generated)).toBe(true);
    });
  }

  it("reads draft-04's boolean exclusive bounds, which the SDK's validator (draft-07) does not", () => {
    const schema = {
      type: "object",
      properties: {
        above: { type: "number", minimum: 1, exclusiveMinimum: true },
        below: { type: "integer", maximum: 1, exclusiveMaximum: true },
      },
      required: ["above", "below"],
    };
    const { above, below } = argumentsFor(schema) as { above: number; below: number };
    expect(above).toBeGreaterThan(1);
    expect(below).toBeLessThan(1);
    expect(Number.isInteger(below)).toBe(true);
  });

  it("follows $ref into $defs and definitions, allOf, and the first branch of anyOf/oneOf that is not null", () => {
    const schema = {
      type: "object",
      $defs: {
        Address: { type: "object", properties: { city: { type: "string", minLength: 2 } }, required: ["city"] },
      },
      definitions: { Id: { type: "string", pattern: "^id-" } },
      properties: {
        ship: { $ref: "#/$defs/Address" },
        owner: { $ref: "#/definitions/Id" },
        both: {
          allOf: [
            { type: "object", properties: { a: { type: "integer" } }, required: ["a"] },
            { required: ["b"], properties: { b: { type: "boolean" } } },
          ],
        },
        either: { anyOf: [{ type: "null" }, { type: "integer", minimum: 3 }] },
        one: { oneOf: [{ type: "string", format: "date" }, { type: "number" }] },
      },
      required: ["ship", "owner", "both", "either", "one"],
    };
    const generated = argumentsFor(schema);
    expect(generated).toEqual({
      ship: { city: "example" },
      owner: "example",
      both: { a: 1, b: false },
      either: 3,
      one: "2026-01-01",
    });
    // "example" does not start with "id-": the pattern could not be met by the candidates, and the tool will say so.
    expect(valid({ ...schema, definitions: { Id: { type: "string" } } }, generated)).toBe(true);
  });

  it("stops at a recursive $ref instead of looping", () => {
    const schema = {
      type: "object",
      $defs: { Node: { type: "object", properties: { next: { $ref: "#/$defs/Node" } }, required: ["next"] } },
      properties: { root: { $ref: "#/$defs/Node" } },
      required: ["root"],
    };
    expect(() => argumentsFor(schema)).not.toThrow();
  });

  it("gives {} for a tool without an input schema or without required properties", () => {
    expect(argumentsFor(undefined)).toEqual({});
    expect(argumentsFor({ type: "object", properties: { note: { type: "string" } } })).toEqual({});
  });

  it("builds arguments every zod input schema the real SDK lists accepts when the tool is called", async () => {
    const server = new McpServer({ name: "shop", version: "1.0.0" });
    const shapes = {
      book: { guests: z.number().int(), when: z.iso.datetime(), note: z.string().optional() },
      order: {
        items: z.array(z.object({ sku: z.string().min(3), qty: z.number().int().positive() })).min(1),
        coupon: z
          .string()
          .regex(/^[A-Z]{4}$/)
          .nullable(),
        priority: z.enum(["low", "high"]),
        contact: z.email(),
        express: z.boolean().default(true),
      },
      rate: { stars: z.number().min(1).max(5).multipleOf(0.5), tags: z.array(z.string()).max(3) },
      pick: { choice: z.union([z.literal("a"), z.literal("b")]), at: z.tuple([z.number(), z.number()]) },
    };
    for (const [name, inputSchema] of Object.entries(shapes)) {
      server.registerTool(name, { inputSchema }, async (args: Record<string, unknown>) => ({
        content: [{ type: "text" as const, text: JSON.stringify(args) }],
      }));
    }
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(clientSide);
    try {
      const { tools } = await client.listTools();
      const replies = await Promise.all(
        tools.map(async (tool) => {
          const generated = argumentsFor(tool.inputSchema);
          const result = await client.callTool({ name: tool.name, arguments: generated });
          return [tool.name, result.isError ?? false, (result.content as Array<{ text: string }>)[0]!.text, generated];
        }),
      );
      expect(replies.filter(([, isError]) => isError)).toEqual([]);
      expect(Object.fromEntries(replies.map(([name, , , generated]) => [name, generated]))).toEqual({
        // Optional and defaulted properties are left out; a safe-integer range still gives 1.
        book: { guests: 1, when: "2026-01-01T00:00:00Z" },
        // A nullable string whose pattern no plain candidate meets is null.
        order: { items: [{ sku: "example", qty: 1 }], coupon: null, priority: "low", contact: "person@example.com" },
        rate: { stars: 1, tags: [] },
        // A draft-07 tuple: one value per position.
        pick: { choice: "a", at: [1, 1] },
      });
    } finally {
      await client.close();
    }
  });
});
