/**
 * An ACP agent over stdio for the kit's tests, started with `node`: on each prompt it asks which suite to run (an
 * elicitation). With `--raced` the question is raced against the turn's cancellation (`cancellationSignal` and
 * `stopWaitingOnCancel`); without it, the question waits for the client no matter what (the ACP seed's bug).
 */
import { randomUUID } from "node:crypto";
import { Readable, Writable } from "node:stream";
import { agent, methods, ndJsonStream, PROTOCOL_VERSION } from "@agentclientprotocol/sdk";

const raced = process.argv.includes("--raced");
/** @type {Map<string, AbortController>} */
const turns = new Map();

const app = agent({ name: raced ? "raced-agent" : "unraced-agent" })
  .onRequest(methods.agent.initialize, () => ({ protocolVersion: PROTOCOL_VERSION, agentCapabilities: {} }))
  .onRequest(methods.agent.session.new, () => ({ sessionId: randomUUID() }))
  .onNotification(methods.agent.session.cancel, ({ params }) => turns.get(params.sessionId)?.abort())
  .onRequest(methods.agent.session.prompt, async ({ params, client }) => {
    const turn = new AbortController();
    turns.set(params.sessionId, turn);
    const question = {
      mode: "form",
      sessionId: params.sessionId,
      message: "Which suite?",
      requestedSchema: { type: "object", properties: { suite: { type: "string", enum: ["unit", "e2e"] } }, required: ["suite"] },
    };
    const options = raced ? { cancellationSignal: turn.signal, stopWaitingOnCancel: true } : undefined;
    const answer = await client.request(methods.client.elicitation.create, question, options).catch(() => ({ action: "cancel" }));
    turns.delete(params.sessionId);
    return { stopReason: turn.signal.aborted ? "cancelled" : answer.action === "accept" ? "end_turn" : "refusal" };
  });

const connection = app.connect(ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)));
void connection.closed.then(() => process.exit(0));
