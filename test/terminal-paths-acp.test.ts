/**
 * The ACP mode of the kit: real `@agentclientprotocol/sdk` agents, in process and over stdio, driven by the SDK's
 * client side through each answer, a dismissal, silence, a closed connection and `session/cancel` mid-question.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { createDemoAgent } from "../fixtures/acp-agent/agent.ts";
import { formatAcpPaths, KitError, runAcpPaths, type AcpPathResult } from "../testing/index.ts";

const CAP_MS = 2_000;
const stdioAgent = path.join(__dirname, "kit-fixtures", "acp-agent.mjs");

function outline(results: readonly AcpPathResult[]): Array<[string, boolean | null, string | null, boolean]> {
  return results.map((result) => [result.path, result.ended, result.stopReason, result.withdrawn]);
}

/**
 * The demo agent's question, fixed: raced against the turn with `cancellationSignal` and `stopWaitingOnCancel`,
 * and a lease on the build directory held while the question is up, released in `finally`.
 */
function createFixedAgent(): acp.AgentApp & { leases: Set<string> } {
  const turns = new Map<string, AbortController>();
  const leases = new Set<string>();
  const app = acp
    .agent({ name: "fixed-agent" })
    .onRequest(acp.methods.agent.initialize, () => ({ protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: {} }))
    .onRequest(acp.methods.agent.session.new, () => ({ sessionId: randomUUID() }))
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => turns.get(params.sessionId)?.abort())
    .onRequest(acp.methods.agent.session.prompt, async ({ params, client }) => {
      const turn = new AbortController();
      turns.set(params.sessionId, turn);
      leases.add("build/");
      try {
        const answer = await client
          .request(
            acp.methods.client.elicitation.create,
            {
              mode: "form",
              sessionId: params.sessionId,
              message: "Which test suite should I run?",
              requestedSchema: {
                type: "object",
                properties: { suite: { type: "string", enum: ["unit", "e2e"] } },
                required: ["suite"],
              },
            },
            { cancellationSignal: turn.signal, stopWaitingOnCancel: true },
          )
          .catch((): acp.CreateElicitationResponse => ({ action: "cancel" }));
        if (turn.signal.aborted) return { stopReason: "cancelled" as const };
        return { stopReason: answer.action === "accept" ? ("end_turn" as const) : ("refusal" as const) };
      } finally {
        leases.delete("build/");
        turns.delete(params.sessionId);
      }
    });
  return Object.assign(app, { leases });
}

describe("ACP: session/cancel while the question is up tells the unraced agent from the raced one", () => {
  it("the demo agent (its question is not raced against the turn): the cancelled turn never ends", async () => {
    const report = await runAcpPaths({
      agent: createDemoAgent,
      askIndex: 1,
      timeoutMs: CAP_MS,
      paths: ["session-cancel", "accept"],
    });
    expect(report.question).toEqual({ kind: "elicitation", message: "Which test suite should I run?", mode: "form" });
    expect(outline(report.results)).toEqual([
      ["session-cancel", false, null, false],
      ["accept", true, "end_turn", false],
    ]);
  });

  it("the fixed agent: the cancelled turn ends at once as cancelled, the question is withdrawn and the lease released", async () => {
    const report = await runAcpPaths({ agent: createFixedAgent, timeoutMs: CAP_MS, probe: (agent) => agent.leases });
    expect(
      report.results.map((result) => [result.path, result.ended, result.stopReason, result.withdrawn, result.held]),
    ).toEqual([
      ["accept", true, "end_turn", false, []],
      ["decline", true, "refusal", false, []],
      ["invalid-content", true, "end_turn", false, []],
      ["cancelled", true, "refusal", false, []],
      ["never-answered", false, null, false, ["build/"]],
      // In process the client cannot see the turn after it closed the connection; the probe can.
      ["connection-closed", null, null, false, []],
      ["session-cancel", true, "cancelled", true, []],
    ]);
    const neverAnswered = report.results.find((result) => result.path === "never-answered")!;
    // Held while nobody answered, released when the connection went away: not a leak.
    expect(neverAnswered.heldAfterClose).toEqual([]);
    expect(formatAcpPaths(report)).toMatch(/never-answered +not ended +- +\d+ ms +- +held: build\/ \(until close\)/);
  });

  it("over stdio, the same two agents started with node: only the raced one ends the cancelled turn", async () => {
    const [unraced, raced] = await Promise.all([
      runAcpPaths({
        agent: { command: [process.execPath, stdioAgent] },
        timeoutMs: 2_000,
        paths: ["session-cancel", "decline", "connection-closed"],
      }),
      runAcpPaths({
        agent: { command: [process.execPath, stdioAgent, "--raced"] },
        timeoutMs: 2_000,
        paths: ["session-cancel", "decline", "connection-closed"],
      }),
    ]);
    expect(outline(unraced.results)).toEqual([
      ["session-cancel", false, null, false],
      ["decline", true, "refusal", false],
      // The process exits when its input closes: over stdio the end of the connection is visible.
      ["connection-closed", true, null, false],
    ]);
    expect(outline(raced.results)).toEqual([
      ["session-cancel", true, "cancelled", true],
      ["decline", true, "refusal", false],
      ["connection-closed", true, null, false],
    ]);
  });
});

describe("ACP: a permission request answered with each option kind", () => {
  it("the demo agent's permission (raced): every path ends except the one nobody answers; a dismissal reads as a rejection", async () => {
    const report = await runAcpPaths({ agent: createDemoAgent, timeoutMs: CAP_MS });
    expect(report.question).toEqual({
      kind: "permission",
      title: "Run `rm -rf build && npm test`",
      optionKinds: ["allow_once", "reject_once"],
    });
    expect(outline(report.results)).toEqual([
      ["select:allow_once", true, "end_turn", false],
      ["select:reject_once", true, "end_turn", false],
      ["cancelled", true, "end_turn", false],
      ["never-answered", false, null, false],
      ["connection-closed", null, null, false],
      ["session-cancel", true, "cancelled", true],
    ]);
    const said = Object.fromEntries(report.results.map((result) => [result.path, result.said]));
    expect(said["select:allow_once"]).toEqual(["Running the unit suite: `rm -rf build && npm test`."]);
    // The collapse exhaustive-action reports: a dismissed dialog is told back to the person as their rejection.
    expect(said.cancelled).toEqual(said["select:reject_once"]);
  });
});

describe("ACP: the kit fails fast", () => {
  const silentAgent = (): acp.AgentApp =>
    acp
      .agent({ name: "silent" })
      .onRequest(acp.methods.agent.initialize, () => ({ protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: {} }))
      .onRequest(acp.methods.agent.session.new, () => ({ sessionId: "s1" }))
      .onRequest(acp.methods.agent.session.prompt, () => ({ stopReason: "end_turn" as const }));

  it("an agent that asks nothing is an error, not a pass", async () => {
    await expect(runAcpPaths({ agent: silentAgent, timeoutMs: CAP_MS })).rejects.toThrow(
      new KitError(
        'runAcpPaths: the agent asked no question when prompted "Go ahead." (the turn ended: end_turn), so nothing was tested',
      ),
    );
  });

  it("an askIndex past the last question", async () => {
    await expect(runAcpPaths({ agent: createFixedAgent, timeoutMs: CAP_MS, askIndex: 1 })).rejects.toThrow(
      "the agent asked only 1 question(s), so askIndex 1 names none",
    );
  });
});
