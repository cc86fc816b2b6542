/**
 * An ACP agent over stdio for `paths --acp`, started with `node`: on each prompt it asks permission to run the test
 * suite (session/request_permission: allow once, reject once), says what it did, and ends the turn.
 *
 * With `--raced` the wait is written as it should be: raced against the turn (session/cancel aborts it) and given a
 * deadline chosen for a person (`--deadline-ms N`, default five minutes), both through `cancellationSignal` with
 * `stopWaitingOnCancel: true`, so every way the question can end ends the turn. The deadline is a timer the agent
 * holds and clears: an `AbortSignal.timeout` inside `AbortSignal.any` can be garbage-collected on Node 20 before it
 * fires (nodejs/node#57736; it did, in this test, 4 runs of 15). Without `--raced` the agent waits for the client's
 * answer whatever happens: a cancelled turn, or a person who never answers, never ends.
 */
import { Readable, Writable } from "node:stream";
import { agent, methods, ndJsonStream, PROTOCOL_VERSION } from "@agentclientprotocol/sdk";

const raced = process.argv.includes("--raced");
const deadlineFlag = process.argv.indexOf("--deadline-ms");
const deadlineMs = deadlineFlag === -1 ? 300_000 : Number(process.argv[deadlineFlag + 1]);
/** @type {Map<string, AbortController>} */
const turns = new Map();
let sessions = 0;

const app = agent({ name: raced ? "raced-permission-agent" : "unraced-permission-agent" })
  .onRequest(methods.agent.initialize, () => ({ protocolVersion: PROTOCOL_VERSION, agentCapabilities: {} }))
  .onRequest(methods.agent.session.new, () => ({ sessionId: `session-${(sessions += 1)}` }))
  .onNotification(methods.agent.session.cancel, ({ params }) => turns.get(params.sessionId)?.abort())
  .onRequest(methods.agent.session.prompt, async ({ params, client }) => {
    const { sessionId } = params;
    const turn = new AbortController();
    turns.set(sessionId, turn);
    /** @param {string} text */
    const say = (text) =>
      client.notify(methods.client.session.update, {
        sessionId,
        update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text } },
      });
    try {
      const request = {
        sessionId,
        toolCall: { toolCallId: "run-tests", title: "Run `npm test`", kind: "execute", status: "pending" },
        options: [
          { optionId: "allow", name: "Allow", kind: "allow_once" },
          { optionId: "reject", name: "Reject", kind: "reject_once" },
        ],
      };
      const wait = new AbortController();
      const stopWaiting = () => wait.abort();
      turn.signal.addEventListener("abort", stopWaiting, { once: true });
      const deadline = setTimeout(stopWaiting, deadlineMs);
      const options = raced ? { cancellationSignal: wait.signal, stopWaitingOnCancel: true } : undefined;
      /** @type {{ outcome: { outcome: string, optionId?: string } } | "no answer"} */
      const answer = await client
        .request(methods.client.session.requestPermission, request, options)
        .catch(() => "no answer")
        .finally(() => {
          clearTimeout(deadline);
          turn.signal.removeEventListener("abort", stopWaiting);
        });
      if (turn.signal.aborted) return { stopReason: "cancelled" };
      if (answer === "no answer") await say("Not run: nobody answered in time.");
      else if (answer.outcome.outcome === "selected" && answer.outcome.optionId === "allow") await say("Ran `npm test`.");
      else if (answer.outcome.outcome === "selected") await say("Not run: you said no.");
      else await say("Not run: nobody decided.");
      return { stopReason: "end_turn" };
    } finally {
      turns.delete(sessionId);
    }
  });

const connection = app.connect(ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)));
// Leave when the client does, even with a deadline still pending.
void connection.closed.then(() => process.exit(0));
