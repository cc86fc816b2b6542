import rule from "./index.ts";
import { untypedRuleTester } from "../../test/rule-tester.ts";

/** A client that parks its permission prompts; `stop` is its cancel path. */
const CLIENT = (
  stop: string,
  park = "this.pending.set(`perm-${++this.count}`, { resolve, reject });",
) => `export class AcpClient {
  pending = new Map();
  async requestPermission(params) {
    return new Promise((resolve, reject) => {
      ${park}
    });
  }
  async stop(sessionId) {
    ${stop}
  }
}`;

const CANCEL = "await this.conn.cancel({ sessionId });";

untypedRuleTester.run("answer-pending-on-cancel", rule, {
  valid: [
    {
      name: "a client that settles every parked prompt cancelled before it cancels",
      code: CLIENT(`for (const p of this.pending.values()) p.resolve({ outcome: { outcome: "cancelled" } });
    this.pending.clear();
    ${CANCEL}`),
    },
    {
      name: "a client whose cancel path calls a close-all method of its own",
      code: CLIENT(`this.answerAllCancelled();\n    ${CANCEL}`).replace(
        "  async stop(",
        `  answerAllCancelled() {
    this.pending.forEach((p) => p.resolve({ outcome: { outcome: "cancelled" } }));
    this.pending.clear();
  }
  async stop(`,
      ),
    },
    {
      name: "a close-all of another class of the file, reached by name from the cancel path",
      code: `class Prompts {
  pending = new Map();
  async requestPermission(params) {
    return new Promise((resolve) => this.pending.set(params.toolCall.toolCallId, resolve));
  }
  cancelAll() {
    for (const [id, resolve] of this.pending) resolve({ outcome: { outcome: "cancelled" } });
    this.pending.clear();
  }
}
class Session {
  async cancel() {
    this.prompts.cancelAll();
    await this.connection.cancel({ sessionId: this.id });
  }
}`,
    },
    {
      name: "a store of something else: a job queue's resolvers, with the same cancel",
      code: `export class Runner {
  jobs = new Map();
  async runJob(id) {
    return new Promise((resolve) => this.jobs.set(id, { resolve }));
  }
  async requestPermission(params) {
    return this.ui.ask(params);
  }
  async stop(sessionId) {
    ${CANCEL}
  }
}`,
    },
    {
      name: "a cancel that is not ACP's: controller.cancel() and reader.cancel(reason) take no sessionId",
      code: CLIENT(`this.reader.cancel("stopped");\n    this.timer.cancel();`),
    },
  ],
  invalid: [
    {
      name: "conn.cancel({ sessionId }) leaves the parked prompts waiting; the suggestion answers them cancelled",
      code: CLIENT(CANCEL),
      errors: [
        {
          messageId: "pendingLeftOnCancel",
          data: { store: "this.pending" },
          suggestions: [
            {
              messageId: "answerPendingCancelled",
              data: { store: "this.pending" },
              output:
                CLIENT(`for (const pending of this.pending.values()) pending.resolve({ outcome: { outcome: "cancelled" } });
    this.pending.clear();
    ${CANCEL}`),
            },
          ],
        },
      ],
    },
    {
      name: "entries that record their session are settled for the cancelled session only",
      code: CLIENT(
        CANCEL,
        "this.pending.set(`perm-${++this.count}`, { resolve, reject, sessionId: params.sessionId });",
      ),
      errors: [
        {
          messageId: "pendingLeftOnCancel",
          suggestions: [
            {
              messageId: "answerPendingCancelled",
              output: CLIENT(
                `for (const [id, pending] of this.pending) {
      if (pending.sessionId !== sessionId) continue;
      this.pending.delete(id);
      pending.resolve({ outcome: { outcome: "cancelled" } });
    }
    ${CANCEL}`,
                "this.pending.set(`perm-${++this.count}`, { resolve, reject, sessionId: params.sessionId });",
              ),
            },
          ],
        },
      ],
    },
    {
      name: "ACP 2.x: notify(methods.agent.session.cancel, { sessionId }) with prompts pushed on an array",
      code: CLIENT(
        "await this.ctx.agent.notify(methods.agent.session.cancel, { sessionId });",
        "this.queue.push(resolve);",
      ),
      errors: [
        {
          messageId: "pendingLeftOnCancel",
          data: { store: "this.queue" },
          suggestions: [
            {
              messageId: "answerPendingCancelled",
              output: CLIENT(
                `for (const pending of this.queue.splice(0)) pending({ outcome: { outcome: "cancelled" } });
    await this.ctx.agent.notify(methods.agent.session.cancel, { sessionId });`,
                "this.queue.push(resolve);",
              ),
            },
          ],
        },
      ],
    },
    {
      name: "the store of another class (acp-factory's shape): reported by its name, with no suggestion",
      code: `class Session {
  async cancel() {
    await this.connection.cancel({ sessionId: this.id });
  }
}
class Handler {
  pendingPermissions = new Map();
  async requestPermission(params) {
    return new Promise((resolve, reject) => this.pendingPermissions.set("perm-1", { resolve, reject }));
  }
  cancelPermission(id) {
    this.pendingPermissions.get(id).resolve({ outcome: { outcome: "cancelled" } });
  }
}`,
      errors: [{ messageId: "pendingLeftOnCancel", data: { store: "pendingPermissions" }, suggestions: [] }],
    },
    {
      name: "a cancel path that rejects the prompts instead of answering them cancelled",
      code: CLIENT(`for (const p of this.pending.values()) p.reject(new Error("stopped"));
    ${CANCEL}`),
      errors: [{ messageId: "pendingLeftOnCancel", suggestions: 1 as never }],
    },
  ],
});
