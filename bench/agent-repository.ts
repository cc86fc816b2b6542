/**
 * A generated TypeScript monorepo shaped like an agent framework, for timing a typed `check` against an untyped one:
 * about 1,400 modules in a dozen packages under one tsconfig.json, each importing a few modules of its own package
 * and another package's barrel (through `paths`, as workspaces do), typed against the installed MCP and ACP SDKs.
 * Most modules name the protocol's words (sessions, requests, permissions, tools, `cancel`, `accept`) in schemas,
 * stores, transports and status checks; about one in fifty asks a person (an MCP `elicitInput`, an ACP permission
 * request, a wrapper of the project's own that asks). Deterministic: the same `seed` writes the same files.
 */
import fs from "node:fs";
import path from "node:path";

/** The packages of the workspace, and how many modules each holds besides its barrel and its types. */
const PACKAGES: ReadonlyArray<{ name: string; modules: number }> = [
  { name: "core", modules: 160 },
  { name: "agent", modules: 140 },
  { name: "tools", modules: 130 },
  { name: "memory", modules: 100 },
  { name: "workflows", modules: 140 },
  { name: "mcp", modules: 120 },
  { name: "acp", modules: 90 },
  { name: "server", modules: 110 },
  { name: "client", modules: 90 },
  { name: "storage", modules: 100 },
  { name: "evals", modules: 70 },
  { name: "voice", modules: 60 },
  { name: "rag", modules: 70 },
];

/** Folders a package's modules are spread over, as a framework groups them. */
const FOLDERS = ["runtime", "session", "schema", "transport", "store", "handlers", "util"] as const;
type Folder = (typeof FOLDERS)[number];

/** One module in this many asks a person (the rest only name the words). */
const ASKS_EVERY = 50;

const TSCONFIG = {
  compilerOptions: {
    target: "es2022",
    module: "esnext",
    moduleResolution: "bundler",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    paths: Object.fromEntries(PACKAGES.map(({ name }) => [`@agentkit/${name}`, [`./packages/${name}/src/index.ts`]])),
  },
  include: ["packages/*/src"],
};

/** A small deterministic generator (mulberry32), so a seed always writes the same repository. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Module {
  readonly pkg: string;
  readonly folder: Folder;
  readonly index: number;
  /** Path below the package's `src/`, without extension. */
  readonly stem: string;
  readonly asks: "elicit" | "permission" | "wrapper" | null;
}

export interface AgentRepository {
  readonly dir: string;
  /** Every module written (absolute paths), tsconfig.json and package.json aside. */
  readonly files: string[];
  /** The modules that ask a person. */
  readonly asking: string[];
}

/**
 * Writes the repository into `dir` (emptied first). `nodeModules` is linked as its node_modules, for the SDKs'
 * types. `scale` multiplies every package's module count (1: about 1,400 files).
 */
export function writeAgentRepository(
  dir: string,
  nodeModules: string,
  options: { seed?: number; scale?: number } = {},
): AgentRepository {
  const next = random(options.seed ?? 37);
  const scale = options.scale ?? 1;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "tsconfig.json"), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  fs.writeFileSync(
    path.join(dir, "package.json"),
    `${JSON.stringify({ name: "agentkit", private: true, type: "module", workspaces: ["packages/*"] }, null, 2)}\n`,
  );
  fs.symlinkSync(nodeModules, path.join(dir, "node_modules"), "dir");

  const files: string[] = [];
  const asking: string[] = [];
  let counter = 0;
  for (const { name, modules } of PACKAGES) {
    const count = Math.max(1, Math.round(modules * scale));
    const own: Module[] = [];
    for (let index = 0; index < count; index += 1) {
      counter += 1;
      const folder = FOLDERS[index % FOLDERS.length]!;
      const kind = counter % ASKS_EVERY === 0 ? (["elicit", "permission", "wrapper"] as const)[counter % 3]! : null;
      own.push({ pkg: name, folder, index, stem: `${folder}/${folder}-${index}`, asks: kind });
    }
    const src = path.join(dir, "packages", name, "src");
    const write = (relative: string, text: string) => {
      const file = path.join(src, relative);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      files.push(file);
      return file;
    };
    write("types.ts", typesModule(name));
    write("index.ts", barrel(own));
    for (const module of own) {
      const file = write(`${module.stem}.ts`, moduleText(module, own, next));
      if (module.asks) asking.push(file);
    }
  }
  return { dir, files, asking };
}

function pascal(text: string): string {
  return text.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
}

function exportName(module: Module): string {
  return `${pascal(module.pkg)}${pascal(module.folder)}${module.index}`;
}

function typesModule(pkg: string): string {
  const name = pascal(pkg);
  return `/** Shared shapes of the ${pkg} package. */
export type ${name}Status = "idle" | "running" | "waiting" | "cancelled" | "completed" | "failed";

export interface ${name}Session {
  readonly sessionId: string;
  readonly createdAt: number;
  status: ${name}Status;
  permissions: string[];
  metadata: Record<string, unknown>;
}

export interface ${name}Request {
  readonly requestId: string;
  readonly sessionId: string;
  readonly method: string;
  readonly params?: Record<string, unknown>;
  readonly signal?: AbortSignal;
}

export interface ${name}Event {
  readonly type: "started" | "progress" | "cancel" | "accept" | "done";
  readonly requestId: string;
  readonly at: number;
}
`;
}

/** The package's barrel: every module, as a workspace package exports them. */
function barrel(modules: readonly Module[]): string {
  return `export type * from "./types";\n` + modules.map((module) => `export * from "./${module.stem}";\n`).join("");
}

function pick<T>(items: readonly T[], next: () => number): T {
  return items[Math.floor(next() * items.length)]!;
}

function moduleText(module: Module, siblings: readonly Module[], next: () => number): string {
  const name = exportName(module);
  const typeName = pascal(module.pkg);
  const lines: string[] = [];
  lines.push(`import type { ${typeName}Session, ${typeName}Request, ${typeName}Event } from "../types";`);
  // A few earlier modules of the same package, and another package's barrel.
  const earlier = siblings.slice(0, module.index);
  const imported = new Set<Module>();
  for (let count = Math.min(earlier.length, 1 + Math.floor(next() * 3)); imported.size < count;) {
    imported.add(pick(earlier, next));
  }
  for (const dependency of imported) {
    lines.push(`import { ${exportName(dependency)} } from "../${dependency.stem}";`);
  }
  const otherPackage = pick(
    PACKAGES.filter(({ name: other }) => other !== module.pkg),
    next,
  ).name;
  lines.push(`import type { ${pascal(otherPackage)}Session as Peer } from "@agentkit/${otherPackage}";`);
  if (module.asks === "elicit" || module.asks === "wrapper") {
    lines.push(`import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`);
    lines.push(`import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";`);
  }
  if (module.asks === "permission") {
    lines.push(
      `import { methods, type AgentContext, type RequestPermissionResponse } from "@agentclientprotocol/sdk";`,
    );
  }
  lines.push("");
  lines.push(bodyFor(module, name, typeName, [...imported].map(exportName), next));
  return `${lines.join("\n")}\n`;
}

function bodyFor(module: Module, name: string, typeName: string, uses: readonly string[], next: () => number): string {
  const helpers = uses.map((use) => `    void ${use};`).join("\n");
  const common = `/** ${module.folder} ${module.index} of the ${module.pkg} package: sessions, requests and their permissions. */
export class ${name} {
  readonly #sessions = new Map<string, ${typeName}Session>();
  readonly #inflight = new Map<string, AbortController>();
  #peer: Peer | undefined;

  open(sessionId: string): ${typeName}Session {
    const session: ${typeName}Session = { sessionId, createdAt: Date.now(), status: "idle", permissions: [], metadata: {} };
    this.#sessions.set(sessionId, session);
    return session;
  }

  attach(peer: Peer): void {
    this.#peer = peer;
  }

  async handle(request: ${typeName}Request): Promise<${typeName}Event> {
    const session = this.#sessions.get(request.sessionId) ?? this.open(request.sessionId);
    const controller = new AbortController();
    this.#inflight.set(request.requestId, controller);
    try {
      session.status = "running";
${helpers}
      await new Promise((resolve) => setTimeout(resolve, ${1 + Math.floor(next() * 20)}));
      if (controller.signal.aborted || this.#statusOf(request.sessionId) === "cancelled") {
        return { type: "cancel", requestId: request.requestId, at: Date.now() };
      }
      session.status = "completed";
      return { type: "done", requestId: request.requestId, at: Date.now() };
    } finally {
      this.#inflight.delete(request.requestId);
    }
  }

  #statusOf(sessionId: string): ${typeName}Session["status"] | undefined {
    return this.#sessions.get(sessionId)?.status;
  }

  cancel(requestId: string): boolean {
    const controller = this.#inflight.get(requestId);
    controller?.abort(new Error("cancelled by the client"));
    return controller !== undefined;
  }

  grant(sessionId: string, permission: string): void {
    this.#sessions.get(sessionId)?.permissions.push(permission);
  }

  get peerId(): string | undefined {
    return this.#peer?.sessionId;
  }
}
`;
  return `${common}\n${extraFor(module, name, typeName, next)}`;
}

/** What sets a module apart: its folder's usual code, or the question it asks. */
function extraFor(module: Module, name: string, typeName: string, next: () => number): string {
  switch (module.asks) {
    case "elicit":
      return `/** Asks the person before an irreversible step; decline and cancel are told apart. */
export async function confirm${name}(server: McpServer, step: string, signal: AbortSignal): Promise<boolean> {
  const answer = await server.server.elicitInput(
    { message: \`Run \${step}?\`, requestedSchema: { type: "object", properties: {} } },
    { timeout: 300_000, signal },
  );
  if (answer.action === "accept") {
    return true;
  } else {
    return false;
  }
}
`;
    case "wrapper":
      return `/** The project's own way to ask, for the tools below. */
export async function ask${name}(server: McpServer, message: string, signal: AbortSignal): Promise<ElicitResult> {
  return server.server.elicitInput(
    { message, requestedSchema: { type: "object", properties: {} } },
    { timeout: 300_000, signal },
  );
}

export async function deploy${name}(server: McpServer, signal: AbortSignal): Promise<string> {
  const answer = await ask${name}(server, "Deploy?", signal);
  switch (answer.action) {
    case "accept":
      return "deploying";
    case "decline":
      return "declined";
    case "cancel":
      return "dismissed";
  }
}
`;
    case "permission":
      return `/** Asks the client's user before a tool call writes to disk. */
export async function allow${name}(
  client: AgentContext,
  sessionId: string,
  toolCallId: string,
  signal: AbortSignal,
): Promise<boolean> {
  const response: RequestPermissionResponse = await client.request(
    methods.client.session.requestPermission,
    {
      sessionId,
      toolCall: { toolCallId, title: "Write files" },
      options: [
        { optionId: "allow", name: "Allow", kind: "allow_once" },
        { optionId: "reject", name: "Reject", kind: "reject_once" },
      ],
    },
    { cancellationSignal: signal, stopWaitingOnCancel: true },
  );
  return response.outcome.outcome === "selected" && response.outcome.optionId === "allow";
}
`;
    default:
      return folderExtra(module, name, typeName, next);
  }
}

function folderExtra(module: Module, name: string, typeName: string, next: () => number): string {
  const size = 3 + Math.floor(next() * 6);
  switch (module.folder) {
    case "schema":
      return `/** The wire shapes this module reads: an elicitation's result and a permission's outcome, as data. */
export const ${name}Schema = {
  action: ["accept", "decline", "cancel"],
  outcome: ["selected", "cancelled"],
  methods: ["session/prompt", "session/cancel", "tools/call"],
  fields: [${Array.from({ length: size }, (_, index) => `"field${index}"`).join(", ")}],
} as const;

export function is${name}Action(value: string): value is (typeof ${name}Schema.action)[number] {
  return (${name}Schema.action as readonly string[]).includes(value);
}
`;
    case "transport":
      return `/** Routes a JSON-RPC message to its handler; cancellations abort the request's work. */
export function route${name}(message: { method: string; id?: string }, handlers: ${name}): string {
  switch (message.method) {
    case "session/cancel":
    case "notifications/cancelled":
      return handlers.cancel(message.id ?? "") ? "cancelled" : "unknown";
    case "tools/call":
      return "dispatched";
    default:
      return "ignored";
  }
}
`;
    case "store":
      return `/** Pending tool results by request id: each request settles its own entry. */
export class ${name}Pending {
  readonly #pending = new Map<string, (value: ${typeName}Event) => void>();

  wait(requestId: string): Promise<${typeName}Event> {
    return new Promise((resolve) => this.#pending.set(requestId, resolve));
  }

  settle(event: ${typeName}Event): void {
    this.#pending.get(event.requestId)?.(event);
    this.#pending.delete(event.requestId);
  }
}
`;
    case "handlers":
      return `/** What a finished event means for the session's status. */
export function next${name}Status(event: ${typeName}Event): string {
  if (event.type === "accept") return "running";
  if (event.type === "cancel") return "cancelled";
  return event.type === "done" ? "completed" : "running";
}
`;
    default:
      return `/** ${size} small helpers the package shares. */
${Array.from(
  { length: size },
  (
    _,
    index,
  ) => `export function ${name.charAt(0).toLowerCase()}${name.slice(1)}Helper${index}(input: readonly string[]): string[] {
  return input.filter((item) => item.length > ${index}).map((item) => item.trim());
}
`,
).join("\n")}`;
  }
}

/** `tsx bench/agent-repository.ts <dir>`: writes the repository there, for a look or a profile. */
if (require.main === module) {
  const target = process.argv[2];
  if (!target) {
    process.stderr.write("usage: tsx bench/agent-repository.ts <dir> [scale]\n");
    process.exit(2);
  }
  const written = writeAgentRepository(
    path.resolve(target),
    path.resolve(__dirname, "..", "node_modules"),
    process.argv[3] ? { scale: Number(process.argv[3]) } : {},
  );
  process.stdout.write(`${written.files.length} modules (${written.asking.length} ask a person) in ${written.dir}\n`);
}
