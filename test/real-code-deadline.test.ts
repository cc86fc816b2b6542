/**
 * Real code nobody here wrote, for `require-deadline` and `forward-abort-signal`: the examples shipped inside
 * @modelcontextprotocol/sdk and the reference server @modelcontextprotocol/server-everything, linted with the
 * real ESLint Node API and the plugin as users load it. Every finding is pinned per file and line; a new finding
 * or a missing one fails. Every `elicitInput(` call in the SDK's examples is either pinned as a finding or listed
 * as correct with the reason, per rule, so a recogniser change that silently drops one shows up here.
 */
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../index.ts";

/** A package's own folder: the `node_modules/<name>` part of whatever its package.json export resolves to. */
function packageRoot(name: string): string {
  const resolved = require.resolve(`${name}/package.json`, { paths: [path.join(__dirname, "..")] });
  const marker = `${path.sep}node_modules${path.sep}${name.split("/").join(path.sep)}${path.sep}`;
  return resolved.slice(0, resolved.lastIndexOf(marker) + marker.length - 1);
}

const CORPORA = {
  "sdk-examples": path.join(packageRoot("@modelcontextprotocol/sdk"), "dist", "esm", "examples"),
  "server-everything": path.join(packageRoot("@modelcontextprotocol/server-everything"), "dist"),
} as const;
type Corpus = keyof typeof CORPORA;

interface Finding {
  readonly corpus: Corpus;
  /** Path under the corpus folder, with forward slashes. */
  readonly file: string;
  readonly line: number;
  readonly messageId: string;
}

interface Correct {
  readonly file: string;
  readonly line: number;
  readonly why: string;
}

interface RuleTable {
  readonly options: readonly unknown[];
  readonly findings: readonly Finding[];
  /** `elicitInput(` calls in the SDK examples that the rule must not report, with why. */
  readonly correctElicitInput: readonly Correct[];
}

const REQUIRE_DEADLINE = "elicitation/require-deadline";
const FORWARD_ABORT_SIGNAL = "elicitation/forward-abort-signal";

const sdk = (file: string, line: number, messageId: string): Finding => ({
  corpus: "sdk-examples",
  file,
  line,
  messageId,
});
const everything = (file: string, line: number, messageId: string): Finding => ({
  corpus: "server-everything",
  file,
  line,
  messageId,
});

const DEADLINE_FINDINGS: readonly Finding[] = [
  // `elicitationRequestHandler` (registered for ElicitRequestSchema) queues `{ request, resolve, reject }` for the CLI
  // loop. The server's request timeout bounds it, so no timer is asked for; but nothing settles it when the request's
  // signal aborts.
  sdk("client/elicitationUrlExample.js", 217, "clientWaitIgnoresRequestSignal"),
  // register_user, create_event (two questions), update_shipping_address: `elicitInput({ … })` with no options,
  // so each question gives up after the SDK's 60 s HTTP default.
  sdk("server/elicitationFormExample.js", 35, "missingDeadline"),
  sdk("server/elicitationFormExample.js", 148, "missingDeadline"),
  sdk("server/elicitationFormExample.js", 175, "missingDeadline"),
  sdk("server/elicitationFormExample.js", 243, "missingDeadline"),
  // `elicitationSender: params => server.server.elicitInput(params)`: a URL elicitation on the 60 s default.
  sdk("server/elicitationUrlExample.js", 544, "missingDeadline"),
  // `extra.sendRequest({ method: 'elicitation/create', … }, ElicitResultSchema)` with no options.
  sdk("server/simpleStreamableHttp.js", 179, "missingDeadline"),
  // `server.server.experimental.tasks.elicitInputStream({ mode: 'form', … })` with no options: the SDK 1.32.2 row
  // added for issue 22 (RequestOptions, 60 s default); the loop then waits for its `result` message.
  sdk("server/simpleStreamableHttp.js", 269, "missingDeadline"),
  // Delivering a queued task message: `await server.elicitInput(params)` with no options.
  sdk("server/simpleTaskInteractive.js", 212, "missingDeadline"),
  // Inside the example's own `TaskSession.elicit`: it enqueues the question and awaits `resolver.wait()`, a
  // `Resolver` of the file that keeps `this._resolve = resolve` for `setResult` to call, with no timer and no signal.
  // (Re-pinned from line 417, the caller `taskSession.elicit(…)`: that call is now resolved to the file's own method,
  // and the missing deadline is reported once, inside it, where a deadline would go.)
  sdk("server/simpleTaskInteractive.js", 298, "handRolledWait"),
  // `sendRequest({ method: "elicitation/create", … }, ElicitResultSchema, { relatedTask: { taskId } })`: no timeout.
  everything("tools/simulate-research-query.js", 50, "missingDeadline"),
  // `const request = { method: "elicitation/create", params: … }; await extra.sendRequest(request, z.union([…]))`:
  // the request object built in a const before the call (#13), sent with no options.
  everything("tools/trigger-elicitation-request-async.js", 79, "missingDeadline"),
];

const SIGNAL_FINDINGS: readonly Finding[] = [
  // `client.setRequestHandler(ElicitRequestSchema, elicitationRequestHandler)`: the handler (passed by name)
  // takes no `extra`, so a question the server withdraws stays queued for the terminal.
  sdk("client/elicitationUrlExample.js", 447, "handlerIgnoresSignal"),
  // The form handler reads `extra.taskStore` but never `extra.signal` while it waits on readline.
  sdk("client/simpleStreamableHttp.js", 222, "handlerIgnoresSignal"),
  // `async (request) => elicitationCallback(request.params)`, which awaits a terminal question.
  sdk("client/simpleTaskInteractiveClient.js", 77, "handlerIgnoresSignal"),
  // register_user, create_event (two questions), update_shipping_address: `registerTool(…, { inputSchema: {} },
  // async () => …)` never takes the `extra` that carries the request's signal (#12 item 9: the most common shape).
  sdk("server/elicitationFormExample.js", 35, "handlerTakesNoSignal"),
  sdk("server/elicitationFormExample.js", 148, "handlerTakesNoSignal"),
  sdk("server/elicitationFormExample.js", 175, "handlerTakesNoSignal"),
  sdk("server/elicitationFormExample.js", 243, "handlerTakesNoSignal"),
  // `extra.sendRequest({ method: 'elicitation/create', … }, ElicitResultSchema)` inside `async ({ infoType }, extra)`.
  sdk("server/simpleStreamableHttp.js", 179, "notForwarded"),
  // The request object built in a const (#13), sent by `extra.sendRequest(request, …)` without `extra.signal`.
  everything("tools/trigger-elicitation-request-async.js", 79, "notForwarded"),
  // Not reported: simpleTaskInteractive.js:417, `taskSession.elicit(…)` runs in `const taskExecution = (async () => …)()`,
  // a background task the CallTool handler starts and does not await (it hands the promise to the task store):
  // the request's `extra.signal` is not how that task is cancelled.
  // `extra.sendRequest(…, ElicitResultSchema, { timeout: 10 * 60 * 1000 })`: a person's deadline, but not `extra.signal`.
  everything("tools/trigger-elicitation-request.js", 40, "notForwarded"),
  everything("tools/trigger-url-elicitation.js", 135, "notForwarded"),
];

const TABLES: Readonly<Record<string, RuleTable>> = {
  [REQUIRE_DEADLINE]: { options: [], findings: DEADLINE_FINDINGS, correctElicitInput: [] },
  [FORWARD_ABORT_SIGNAL]: {
    options: [],
    findings: SIGNAL_FINDINGS,
    correctElicitInput: [
      {
        file: "server/elicitationUrlExample.js",
        line: 544,
        why: "`params => server.server.elicitInput(params)` is built at session start: no request, no signal",
      },
      {
        file: "server/simpleTaskInteractive.js",
        line: 212,
        why: "`deliverQueuedMessages(taskId, server, _sessionId)` has no caller signal in reach",
      },
    ],
  },
};

/** Every .js file of a corpus (listed here: ESLint's globbing skips anything below node_modules). */
function corpusFiles(corpus: Corpus): string[] {
  const root = CORPORA[corpus];
  return fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".js") && !name.split(path.sep).includes("node_modules"))
    .map((name) => path.join(root, name))
    .sort();
}

async function lint(ruleId: string, table: RuleTable): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const corpus of Object.keys(CORPORA) as Corpus[]) {
    const root = CORPORA[corpus];
    const eslint = new ESLint({
      cwd: root,
      ignore: false,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ["**/*.js"],
          plugins: { elicitation: plugin as never },
          rules: { [ruleId]: ["error", ...table.options] as never },
        },
      ],
    });
    for (const result of await eslint.lintFiles(corpusFiles(corpus))) {
      const file = path.relative(root, result.filePath).split(path.sep).join("/");
      for (const message of result.messages) {
        if (message.fatal) throw new Error(`${file}:${message.line}: ${message.message}`);
        // server-everything's own disable comments name rules that are not loaded here.
        if (message.ruleId !== ruleId) continue;
        findings.push({ corpus, file, line: message.line, messageId: message.messageId ?? "(none)" });
      }
    }
  }
  return findings.sort(byPlace);
}

function byPlace(a: Finding, b: Finding): number {
  return a.corpus.localeCompare(b.corpus) || a.file.localeCompare(b.file) || a.line - b.line;
}

/** Lines of the SDK examples that call `elicitInput(`, read from the files themselves. */
function elicitInputLines(): { file: string; line: number }[] {
  const root = CORPORA["sdk-examples"];
  const lines: { file: string; line: number }[] = [];
  for (const filePath of corpusFiles("sdk-examples")) {
    const file = path.relative(root, filePath).split(path.sep).join("/");
    fs.readFileSync(filePath, "utf8")
      .split("\n")
      .forEach((text, index) => {
        if (/\belicitInput\(/.test(text)) lines.push({ file, line: index + 1 });
      });
  }
  return lines;
}

describe("require-deadline and forward-abort-signal on real code", () => {
  it("the SDK examples still hold the elicitInput calls these pins were written against", () => {
    expect(elicitInputLines()).toEqual([
      { file: "server/elicitationFormExample.js", line: 35 },
      { file: "server/elicitationFormExample.js", line: 148 },
      { file: "server/elicitationFormExample.js", line: 175 },
      { file: "server/elicitationFormExample.js", line: 243 },
      { file: "server/elicitationUrlExample.js", line: 544 },
      { file: "server/simpleTaskInteractive.js", line: 212 },
    ]);
  });

  for (const [ruleId, table] of Object.entries(TABLES)) {
    describe(ruleId, () => {
      it("reports exactly the pinned findings", async () => {
        expect(await lint(ruleId, table)).toEqual([...table.findings].sort(byPlace));
      });

      it("accounts for every elicitInput call in the SDK examples: reported, or correct with a reason", () => {
        const reported = table.findings.filter((finding) => finding.corpus === "sdk-examples");
        for (const call of elicitInputLines()) {
          const isReported = reported.some((finding) => finding.file === call.file && finding.line === call.line);
          const isCorrect = table.correctElicitInput.some(
            (entry) => entry.file === call.file && entry.line === call.line,
          );
          expect({ ...call, accounted: isReported !== isCorrect }).toEqual({ ...call, accounted: true });
        }
      });
    });
  }
});
