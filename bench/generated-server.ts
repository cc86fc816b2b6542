/**
 * Large generated MCP server modules for the bench's size suite (issue 37): one module of a given size, written the
 * way large single-file servers are written, so that a rule whose work restarts for every site shows as a ratio that
 * grows with the file. Deterministic: the same size and seed give the same text, byte for byte.
 *
 * The module is a run of groups, each a function that registers tools on a server, with the group's own state
 * beside them: a Map of pending answers keyed by session id whose resolvers come from `new Promise`, a dispatcher
 * that asks through it, a wrapper of the project's own that asks and hands back the answer, and locks. The tools
 * pick their shape from a seeded generator: a right `switch` on the answer, an accept/else collapse, a ternary, a
 * lock released outside `finally`, a wait with only the SDK's default deadline, a wait through the wrapper, a wait
 * through the session-keyed dispatcher, and the correct shape (deadline, signal, `finally`, every action).
 */
import fs from "node:fs";
import path from "node:path";

/** The sizes the large-file suite generates, in bytes. */
export const GENERATED_SIZES = [512 * 1024, 1024 * 1024, 2 * 1024 * 1024, 4 * 1024 * 1024] as const;

/** The seed every bench run uses, so two runs lint the same text. */
export const GENERATED_SEED = 37;

/** Tools per group: about what one feature module of a real server registers. */
const TOOLS_PER_GROUP = 8;

/** mulberry32: a small seeded generator, so the module's text depends on the seed alone. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const NOUNS = ["service", "branch", "ticket", "release", "table", "bucket", "cluster", "invoice", "report", "user"];
const VERBS = ["deploy", "rollback", "archive", "purge", "rename", "approve", "migrate", "refund", "export", "invite"];

type Shape = (tool: ToolNames) => string;

interface ToolNames {
  name: string;
  noun: string;
  group: number;
  index: number;
}

const schema = (field: string) =>
  `{ type: "object", properties: { ${field}: { type: "string", title: "${field}" } }, required: ["${field}"] }`;

const SHAPES: readonly Shape[] = [
  // A right switch on the answer: deadline, signal, lock released in finally. Every rule stays silent.
  ({ name, noun }) => `  server.registerTool(
    "${name}",
    { description: "Runs ${name}.", inputSchema: { ${noun}: z.string() } },
    async ({ ${noun} }, extra) => {
      await locks.work.acquire();
      try {
        const answer = await server.server.elicitInput(
          { message: \`Go ahead with ${name} on \${${noun}}?\`, requestedSchema: ${schema("reason")} },
          { timeout: askTimeoutMs, signal: extra.signal },
        );
        switch (answer.action) {
          case "accept":
            return reply(\`${name} done for \${${noun}}: \${String(answer.content?.reason)}\`);
          case "decline":
            return reply("${name}: declined, nothing changed.");
          case "cancel":
            return reply("${name}: dismissed, nothing changed.", true);
          default: {
            const unknownAction: never = answer.action;
            return reply(\`${name}: no decision (\${String(unknownAction)}).\`, true);
          }
        }
      } finally {
        locks.work.release();
      }
    },
  );
`,
  // An accept/else collapse, with a wait that has only the SDK's default deadline and a lock released outside finally.
  ({ name, noun }) => `  server.registerTool(
    "${name}",
    { description: "Runs ${name}.", inputSchema: { ${noun}: z.string() } },
    async ({ ${noun} }) => {
      await locks.work.acquire();
      const answer = await server.server.elicitInput({
        message: \`Which ${noun} for ${name}?\`,
        requestedSchema: ${schema(noun)},
      });
      let summary: string;
      if (answer.action === "accept") {
        summary = \`${name} used \${String(answer.content?.${noun})} for \${${noun}}.\`;
      } else {
        summary = "${name} stopped: the user refused.";
      }
      locks.work.release();
      return reply(summary);
    },
  );
`,
  // A ternary collapse with a deadline but no signal, and the lock released outside finally.
  ({ name, noun }) => `  server.registerTool(
    "${name}",
    { description: "Runs ${name}.", inputSchema: { ${noun}: z.string() } },
    async ({ ${noun} }) => {
      await locks.audit.acquire();
      const answer = await server.server.elicitInput(
        { message: \`Size of ${name} for \${${noun}}?\`, requestedSchema: ${schema("size")} },
        { timeout: askTimeoutMs },
      );
      const size = answer.action === "accept" ? Number(answer.content?.size) : 0;
      locks.audit.release();
      return reply(size > 0 ? \`${name}: \${size}\` : "${name}: not applied");
    },
  );
`,
  // Through the group's session-keyed dispatcher, with a negated accept.
  ({ name, noun }) => `  server.registerTool(
    "${name}",
    { description: "Runs ${name}.", inputSchema: { ${noun}: z.string() } },
    async ({ ${noun} }, extra) => {
      const answer = await askThroughDispatcher(extra.sessionId ?? "stdio", {
        message: \`Priority of ${name} for \${${noun}}?\`,
        requestedSchema: ${schema("priority")},
      });
      if (answer.action !== "accept") {
        return reply("${name}: not filed.");
      }
      return reply(\`${name}: filed with \${String(answer.content?.priority)}.\`);
    },
  );
`,
  // Through the project's own wrapper, a right switch without a never default.
  ({ name, noun }) => `  server.registerTool(
    "${name}",
    { description: "Runs ${name}.", inputSchema: { ${noun}: z.string() } },
    async ({ ${noun} }, extra) => {
      const answer = await confirmWith(\`Confirm ${name} for \${${noun}}?\`, extra.signal);
      switch (answer.action) {
        case "accept":
          return reply("${name}: confirmed.");
        case "decline":
          return reply("${name}: declined.");
        case "cancel":
          return reply("${name}: dismissed.", true);
      }
    },
  );
`,
  // Through the wrapper, an accept/else collapse after a session-keyed turn registered outside finally.
  ({ name, noun }) => `  server.registerTool(
    "${name}",
    { description: "Runs ${name}.", inputSchema: { ${noun}: z.string() } },
    async ({ ${noun} }, extra) => {
      const turn = new AbortController();
      turns.set(extra.sessionId ?? "stdio", turn);
      const answer = await confirmWith(\`Really ${name} \${${noun}}?\`, turn.signal);
      turns.delete(extra.sessionId ?? "stdio");
      if (answer.action === "accept") return reply("${name}: done.");
      else return reply("${name}: refused.");
    },
  );
`,
];

/** The group's state and helpers, then its tools. */
function group(index: number, random: () => number): string {
  const tools: string[] = [];
  for (let tool = 0; tool < TOOLS_PER_GROUP; tool += 1) {
    const noun = NOUNS[Math.floor(random() * NOUNS.length)];
    const verb = VERBS[Math.floor(random() * VERBS.length)];
    const shape = SHAPES[Math.floor(random() * SHAPES.length)];
    tools.push(shape({ name: `${verb}_${noun}_${index}_${tool}`, noun, group: index, index: tool }));
  }
  return `
/** Group ${index}: tools ${index * TOOLS_PER_GROUP} to ${index * TOOLS_PER_GROUP + TOOLS_PER_GROUP - 1}. */
export function registerGroup${index}(server: McpServer, locks: Locks, askTimeoutMs: number): void {
  const pending = new Map<string, (answer: ElicitResult) => void>();
  const turns = new Map<string, AbortController>();

  function askThroughDispatcher(sessionKey: string, params: ElicitRequestFormParams): Promise<ElicitResult> {
    const answered = new Promise<ElicitResult>((resolve) => {
      pending.set(sessionKey, resolve);
    });
    server.server.elicitInput(params).then(
      (answer) => {
        pending.get(sessionKey)?.(answer);
        pending.delete(sessionKey);
      },
      (error: unknown) => console.error("elicitation failed", sessionKey, String(error)),
    );
    return answered;
  }

  async function confirmWith(message: string, signal: AbortSignal): Promise<ElicitResult> {
    return server.server.elicitInput(
      { message, requestedSchema: ${schema("note")} },
      { timeout: askTimeoutMs, signal },
    );
  }

${tools.join("\n")}}
`;
}

const HEADER = `/** Generated by bench/generated-server.ts for the bench's large-file suite; not hand-written. */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult, ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

export class Mutex {
  private locked = false;
  private readonly waiters: Array<() => void> = [];

  async acquire(): Promise<void> {
    if (!this.locked) {
      this.locked = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.locked = false;
  }
}

export interface Locks {
  readonly work: Mutex;
  readonly audit: Mutex;
}

function reply(text: string, isError = false): CallToolResult {
  return { content: [{ type: "text", text }], isError };
}
`;

/** A module of at least `bytes` bytes (it stops at the first group past it), the same text for the same seed. */
function generateServerModule(bytes: number, seed = GENERATED_SEED): string {
  const random = seededRandom(seed);
  const parts = [HEADER];
  let size = HEADER.length;
  for (let index = 0; size < bytes; index += 1) {
    const text = group(index, random);
    parts.push(text);
    size += text.length;
  }
  return parts.join("");
}

/** Writes one module per size into `dir` (`server-512kb.ts`, …) and returns their paths, smallest first. */
export function writeGeneratedServers(dir: string, sizes: readonly number[] = GENERATED_SIZES): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return sizes.map((bytes) => {
    const file = path.join(dir, `server-${Math.round(bytes / 1024)}kb.ts`);
    fs.writeFileSync(file, generateServerModule(bytes));
    return file;
  });
}

/** `tsx bench/generated-server.ts <dir> [kilobytes…]`: writes the modules for profiling a rule by hand. */
if (require.main === module) {
  const [dir, ...kilobytes] = process.argv.slice(2);
  if (!dir) {
    process.stderr.write("usage: tsx bench/generated-server.ts <dir> [kilobytes...]\n");
    process.exitCode = 2;
  } else {
    const sizes = kilobytes.length > 0 ? kilobytes.map((text) => Number(text) * 1024) : GENERATED_SIZES;
    for (const file of writeGeneratedServers(dir, sizes)) process.stdout.write(`${file}\n`);
  }
}
