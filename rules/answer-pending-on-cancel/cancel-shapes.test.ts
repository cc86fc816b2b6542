/**
 * The shapes of issue 35 answer-pending-on-cancel missed: a `Deferred`-style store, `Promise.withResolvers()`, a store
 * behind a gate object the handler hands the question to, a dialog with no store that nothing can close, and an
 * agent whose turn ends itself while its permission request is open. Each with contrasts that share its words but
 * leave nobody waiting. (Stores and cancel paths in different modules: test/project-model.test.ts.)
 */
import rule from "./index.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../../test/rule-tester.ts";

const DEFERRED = `class Deferred<T> {
  promise: Promise<T>;
  resolve!: (value: T) => void;
  reject!: (error: unknown) => void;
  constructor() {
    this.promise = new Promise<T>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }
}`;

/** A client that parks a Deferred per prompt; `park` writes it, `stop` is the cancel path. */
const DEFERRED_CLIENT = (stop: string, park = "this.pending.set(params.toolCall.toolCallId, deferred);") => `${DEFERRED}
export class AcpClient {
  pending = new Map<string, Deferred<unknown>>();
  conn: any;
  async requestPermission(params: any) {
    const deferred = new Deferred<unknown>();
    ${park}
    return deferred.promise;
  }
  async stop(sessionId: string) {
    ${stop}
  }
}`;

const CANCEL = "await this.conn.cancel({ sessionId });";

/** A VS Code client whose permission handler shows a quick pick, `options` and `token` as given. */
const QUICK_PICK_CLIENT = (options: string, token = "", stop = CANCEL) => `import * as vscode from "vscode";
export class EditorClient {
  conn: any;
  tokens = new vscode.CancellationTokenSource();
  async requestPermission(params: any) {
    const items = params.options.map((option: any) => ({ label: option.name, id: option.optionId }));
    const pick = await vscode.window.showQuickPick(items, ${options}${token});
    if (pick === undefined) return { outcome: { outcome: "cancelled" } };
    return { outcome: { outcome: "selected", optionId: pick.id } };
  }
  async stop(sessionId: string) {
    ${stop}
  }
}`;

/** An ACP agent whose prompt turn races a timer; `ask` is how the turn asks for a permission. */
const RACING_AGENT = (
  ask: string,
  race = "Promise.race([this.runTurn(params), timeout(60_000)])",
) => `function timeout(ms: number) {
  return new Promise<{ stopReason: string }>((resolve) => setTimeout(() => resolve({ stopReason: "cancelled" }), ms));
}
export class Agent {
  conn: any;
  async prompt(params: any) {
    return ${race};
  }
  async runTurn(params: any) {
    const toolCall = { toolCallId: "t1", title: "rm -rf build" };
    const options = [{ optionId: "allow", name: "Allow", kind: "allow_once" }];
    const answer = ${ask};
    if (answer.outcome.outcome === "cancelled") return { stopReason: "cancelled" };
    return { stopReason: "end_turn" };
  }
}`;

const ACP1_ASK = "await this.conn.requestPermission({ sessionId: params.sessionId, toolCall, options })";
const ACP2_ASK = (third = "") =>
  `await this.ctx.request("session/request_permission", { sessionId: params.sessionId, toolCall, options }${third})`;

const cases = {
  valid: [
    {
      name: "a Deferred store settled cancelled before the cancel",
      code: DEFERRED_CLIENT(`for (const prompt of this.pending.values()) prompt.resolve({ outcome: { outcome: "cancelled" } });
    this.pending.clear();
    ${CANCEL}`),
    },
    {
      name: "a Deferred that a timer of the same handler settles: the entry ends on its own",
      code: DEFERRED_CLIENT(
        CANCEL,
        `this.pending.set(params.toolCall.toolCallId, deferred);
    setTimeout(() => deferred.resolve({ outcome: { outcome: "cancelled" } }), 30_000);`,
      ),
    },
    {
      name: "a cancel path with nothing pending: the handler answers by policy at once",
      code: `export class AcpClient {
  conn: any;
  async requestPermission(params: any) {
    return { outcome: { outcome: "selected", optionId: params.options[0].optionId } };
  }
  async stop(sessionId: string) {
    ${CANCEL}
  }
}`,
    },
    {
      name: "a quick pick handed a cancellation token, its undefined result answered cancelled",
      code: QUICK_PICK_CLIENT(
        "{ ignoreFocusOut: true }",
        ", this.tokens.token",
        `this.tokens.cancel();\n    ${CANCEL}`,
      ),
    },
    {
      name: "a quick pick that closes when focus leaves it (no ignoreFocusOut)",
      code: QUICK_PICK_CLIENT("{ placeHolder: params.toolCall.title }"),
    },
    {
      name: "a quick pick with ignoreFocusOut in a client that never cancels a turn",
      code: QUICK_PICK_CLIENT("{ ignoreFocusOut: true }", "", "this.conn.close();"),
    },
    {
      name: "a 2.x turn timeout whose permission request is handed the turn's cancellationSignal",
      code: RACING_AGENT(ACP2_ASK(", { cancellationSignal: this.turn.signal, stopWaitingOnCancel: true }")),
    },
    {
      name: "a race against a timer whose entries ask nobody",
      code: RACING_AGENT("await this.conn.readTextFile({ sessionId: params.sessionId, path: 'a' })"),
    },
    {
      name: "a race of two turns with no timer: nothing ends the turn on its own",
      code: RACING_AGENT(ACP1_ASK, "Promise.race([this.runTurn(params), this.runTurn(params)])"),
    },
  ],
  invalid: [
    {
      name: "a Deferred parked per prompt, left open by the cancel; the suggestion settles `deferred.resolve`",
      code: DEFERRED_CLIENT(CANCEL),
      errors: [
        {
          messageId: "pendingLeftOnCancel" as const,
          data: { store: "this.pending" },
          suggestions: [
            {
              messageId: "answerPendingCancelled" as const,
              output:
                DEFERRED_CLIENT(`for (const pending of this.pending.values()) pending.resolve({ outcome: { outcome: "cancelled" } });
    this.pending.clear();
    ${CANCEL}`),
            },
          ],
        },
      ],
    },
    {
      name: "a Deferred held in an entry with its session: settled through the entry's field",
      code: DEFERRED_CLIENT(
        CANCEL,
        "this.pending.set(params.toolCall.toolCallId, { deferred, sessionId: params.sessionId });",
      ),
      errors: [
        {
          messageId: "pendingLeftOnCancel" as const,
          suggestions: [
            {
              messageId: "answerPendingCancelled" as const,
              output: DEFERRED_CLIENT(
                `for (const [id, pending] of this.pending) {
      if (pending.sessionId !== sessionId) continue;
      this.pending.delete(id);
      pending.deferred.resolve({ outcome: { outcome: "cancelled" } });
    }
    ${CANCEL}`,
                "this.pending.set(params.toolCall.toolCallId, { deferred, sessionId: params.sessionId });",
              ),
            },
          ],
        },
      ],
    },
    {
      name: "Promise.withResolvers() parked on an array",
      code: `export class AcpClient {
  queue: ((answer: unknown) => void)[] = [];
  conn: any;
  async requestPermission(params: any) {
    const { promise, resolve } = Promise.withResolvers();
    this.queue.push(resolve);
    return promise;
  }
  async stop(sessionId: string) {
    ${CANCEL}
  }
}`,
      errors: [{ messageId: "pendingLeftOnCancel" as const, data: { store: "this.queue" }, suggestions: 1 as never }],
    },
    {
      name: "the handler hands the question to a gate object of the file, whose store the cancel leaves open",
      code: `${DEFERRED}
class PermissionGate {
  waiting = new Map<string, Deferred<unknown>>();
  ask(id: string) {
    const deferred = new Deferred<unknown>();
    this.waiting.set(id, deferred);
    return deferred.promise;
  }
}
export class AcpClient {
  gate = new PermissionGate();
  conn: any;
  async requestPermission(params: any) {
    return this.gate.ask(params.toolCall.toolCallId);
  }
  async stop(sessionId: string) {
    ${CANCEL}
  }
}`,
      errors: [{ messageId: "pendingLeftOnCancel" as const, data: { store: "waiting" }, suggestions: [] }],
    },
    {
      name: "a quick pick kept open on focus loss with no token: the cancel cannot close it",
      code: QUICK_PICK_CLIENT("{ ignoreFocusOut: true, placeHolder: params.toolCall.title }"),
      errors: [{ messageId: "dialogLeftOpenOnCancel" as const, data: { dialog: "quick pick", where: "line 7" } }],
    },
    {
      name: "ACP 1.x: a turn raced against a timer leaves its permission request open",
      code: RACING_AGENT(ACP1_ASK),
      errors: [{ messageId: "promptOutlivesTurnUntilAnswered" as const, line: 12, data: { line: 7 } as never }],
    },
    {
      name: "ACP 2.x: a request handed no cancellationSignal outlives the timed-out turn",
      code: RACING_AGENT(ACP2_ASK()),
      errors: [
        {
          messageId: "promptOutlivesTurn" as const,
          line: 12,
          data: { line: 7, signal: "cancellationSignal" } as never,
        },
      ],
    },
  ],
};

untypedRuleTester.run("answer-pending-on-cancel: issue 35's shapes, untyped", rule, cases);

typedRuleTester.run("answer-pending-on-cancel: issue 35's shapes, typed", rule, {
  valid: cases.valid.map((test) => ({ ...test, filename: TYPED_FILE })),
  invalid: cases.invalid.map((test) => ({ ...test, filename: TYPED_FILE })),
});

/** use-acp@0.2.6's shape: the client parks Deferreds, and an agent wrapper of the same file forwards the cancel. */
const FORWARDING_AGENT = (wrapper: string) => `${DEFERRED}
export class AcpClient {
  pendingPermissions = new Map<string, Deferred<unknown>>();
  async requestPermission(params: any) {
    const deferred = new Deferred<unknown>();
    this.pendingPermissions.set(String(Date.now()), deferred);
    return deferred.promise;
  }
}
export class ListeningAgent {
  agent: any;
${wrapper}
}`;

untypedRuleTester.run("answer-pending-on-cancel: a cancel handed on by the agent's wrapper", rule, {
  valid: [
    {
      name: "a stream wrapper's cancel(reason), with no prompt beside it, is no session/cancel",
      code: FORWARDING_AGENT(`  async cancel(reason: unknown) {
    await this.agent.cancel(reason);
  }`),
    },
  ],
  invalid: [
    {
      name: "cancel(params) handed on beside prompt(params): the client's Deferreds stay open",
      code: FORWARDING_AGENT(`  async prompt(params: unknown) {
    return this.agent.prompt(params);
  }
  async cancel(params: unknown) {
    await this.agent.cancel(params);
  }`),
      errors: [{ messageId: "pendingLeftOnCancel", data: { store: "pendingPermissions" }, suggestions: [] }],
    },
  ],
});
