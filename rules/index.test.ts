/**
 * The rule registry: every rule the plugin publishes is registered with its own text gate, and `check` skips a file
 * by exactly those gates.
 */
import { describe, expect, it } from "vitest";
import { mayHaveFindings } from "../cli/check.ts";
import plugin from "../index.ts";
import { RULE_MODULES } from "./index.ts";
import { mayReport as cancelPathMayReport } from "./answer-pending-on-cancel/index.ts";
import { mayReport as dismissalMayReport } from "./cancel-on-dismiss/index.ts";
import { mayReport as sessionKeyedMayReport } from "./no-session-keyed-pending/index.ts";

const NOTHING_TO_SAY = "export const answer = 42;\nexport function add(a, b) {\n  return a + b;\n}\n";

const PARKED_BY_SESSION =
  "const pending = new Map();\nexport function park(sessionId) {\n  return new Promise((resolve) => pending.set(sessionId, resolve));\n}\n";

describe("RULE_MODULES", () => {
  it.each(Object.keys(plugin.rules))("registers %s with the plugin's rule object and a gate (or null)", (name) => {
    const registered = RULE_MODULES[name as keyof typeof RULE_MODULES];
    expect(registered).toBeDefined();
    expect(registered.default).toBe(plugin.rules[name as keyof typeof plugin.rules]);
    // A module without a `mayReport` export reads `undefined` here; `null` must be written out.
    expect(registered.mayReport === null || typeof registered.mayReport === "function").toBe(true);
  });

  it("registers no rule the plugin does not publish", () => {
    expect(Object.keys(RULE_MODULES)).toEqual(Object.keys(plugin.rules));
  });

  it.each(Object.keys(RULE_MODULES))("gives %s a gate that turns away a file about nothing", (name) => {
    const gate = RULE_MODULES[name as keyof typeof RULE_MODULES].mayReport;
    expect(gate?.(NOTHING_TO_SAY, {})).toBe(false);
  });
});

describe("no-session-keyed-pending's gate", () => {
  it("admits a store keyed by session, and not one that names no session", () => {
    expect(sessionKeyedMayReport(PARKED_BY_SESSION)).toBe(true);
    expect(sessionKeyedMayReport(PARKED_BY_SESSION.replace(/sessionId/g, "who"))).toBe(false);
  });

  it("stops asking for the key words when the user's key pattern or a typed key may name others", () => {
    const parkedByWho = PARKED_BY_SESSION.replace(/sessionId/g, "who");
    expect(sessionKeyedMayReport(parkedByWho, { keyNamePattern: "^who$" })).toBe(true);
    expect(sessionKeyedMayReport(parkedByWho, {}, true)).toBe(true);
  });

  it("stops asking for the waiter words when the user names their own stores", () => {
    const noWaiterWord =
      "const inbox = new Map();\nexport function park(sessionId, slot) {\n  inbox.set(sessionId, slot);\n}\n";
    expect(sessionKeyedMayReport(noWaiterWord)).toBe(false);
    expect(sessionKeyedMayReport(noWaiterWord, { storeNamePattern: "^inbox$" })).toBe(true);
  });

  // Two shapes of the MCP client bundles (@modelcontextprotocol/client@2, public-*.mjs) that asked for a parse.
  const CLIENT_BUNDLE = [
    "// handles elicitation/create for the application",
    "class Client {",
    "  async listAll(sessionId) {",
    "    const all = await this.listPrompts();",
    "    return new Promise((resolve) => resolve({ sessionId, all }));",
    "  }",
    "}",
    "function applyElicitationDefaults(schema, data) {",
    "  for (const key of Object.keys(schema.properties)) data[key] = schema.properties[key].default;",
    "}",
  ].join("\n");

  it("turns away a method named for a prompt and a question's function that stores no waiter", () => {
    expect(sessionKeyedMayReport(CLIENT_BUNDLE)).toBe(false);
  });

  it("admits the same words where a slot or a store may hold a question's waiter", () => {
    const slot = CLIENT_BUNDLE.replace("const all = await this.listPrompts();", "this.pendingPrompt = resolve;");
    expect(sessionKeyedMayReport(slot)).toBe(true);
    const setter = CLIENT_BUNDLE.replace("await this.listPrompts()", "setPendingPrompt(() => resolve)");
    // A React state's setter: only `useState` makes one (no-session-keyed-pending/overwrites.ts `reactState`).
    expect(sessionKeyedMayReport(`${setter}\nconst [pendingPrompt, setPendingPrompt] = useState(null);`)).toBe(true);
    expect(sessionKeyedMayReport(setter)).toBe(false);
    const stored = CLIENT_BUNDLE.replace("schema.properties[key].default", "{ resolve: schema.resolve }");
    expect(sessionKeyedMayReport(stored)).toBe(true);
  });
});

describe("cancel-on-dismiss's gate", () => {
  // A transport's or a socket's `onClose` beside an answer word (the SDKs' own protocol code) is no dialog.
  const transport = "export class Link {\n  onClose() {\n    this.reply({ action: 'cancel' });\n  }\n}\n";

  it("turns away an onClose that belongs to no dialog", () => {
    expect(dismissalMayReport(transport)).toBe(false);
  });

  it("admits the same onClose on a modal's subclass, or on a dialog element", () => {
    expect(dismissalMayReport(transport.replace("class Link", "class Ask extends Modal"))).toBe(true);
    const element = "export const Ask = () => <Dialog onClose={() => answer({ action: 'cancel' })} />;\n";
    expect(dismissalMayReport(element)).toBe(true);
  });
});

describe("answer-pending-on-cancel's gate, for a cancel path whose prompts are in an imported module", () => {
  const importing = 'import { prompts } from "./prompts.js";\n';

  it("admits a file that sends a turn's cancel", () => {
    expect(cancelPathMayReport(`${importing}await conn.cancel({ sessionId });\n`)).toBe(true);
    expect(cancelPathMayReport(`${importing}await conn.notify("session/cancel", { sessionId });\n`)).toBe(true);
  });

  it("turns away an SDK's schema that names the notification, and a transport's cancel", () => {
    expect(cancelPathMayReport(`${importing}export const Cancel = z.literal("session/cancel");\n`)).toBe(false);
    expect(cancelPathMayReport(`${importing}reader.cancel();\nconst sessionId = transport.sessionId;\n`)).toBe(false);
  });
});

describe("check's gate", () => {
  it("lints a file when any rule of the config may report, and skips one no rule could", () => {
    expect(mayHaveFindings(PARKED_BY_SESSION)).toBe(true);
    expect(mayHaveFindings(NOTHING_TO_SAY)).toBe(false);
    expect(mayHaveFindings(NOTHING_TO_SAY, "all")).toBe(false);
  });
});
