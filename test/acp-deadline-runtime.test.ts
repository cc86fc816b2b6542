/**
 * Runtime proof for the deadline transform on ACP, with the real @agentclientprotocol/sdk over its in-memory
 * connection: after `migrate`, every question ends — on `session/cancel` and when the person never answers — and
 * no abort listener is left on the signal after 50 answered questions.
 *
 * - The demo agent (fixtures/acp-agent/agent.ts, ACP 2.x `ctx.request`) is migrated by `migrate` itself.
 * - An agent on the 0.x/1.x connection API (codemods/__fixtures__/deadline/acp-v1-agent.input.ts), whose calls take
 *   no options, is migrated by the deadline transform (the `askWithin` helper); its connection is the real SDK's
 *   `ctx.request`, behind the two methods the old API had. As a control, the inline race the transform wrote before
 *   leaves one listener per question on a session-long signal.
 */
import fs from "node:fs";
import { getEventListeners } from "node:events";
import path from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrate } from "../cli/migrate.ts";
import { runDeadline } from "../codemods/deadline.ts";

const REPOSITORY = path.join(__dirname, "..");
/** Inside the repository, so the migrated modules resolve the SDK from its node_modules. */
const WORK = path.join(REPOSITORY, ".tmp", `acp-deadline-runtime-${process.pid}`);
/** The deadline `--deadline-ms` gives a person in these tests. */
const DEADLINE_MS = 200;
/** A turn still open this long after its end was due has not ended. */
const CAP_MS = 2_000;

type Ending = { ended: true; stop: string } | { ended: true; error: number } | { ended: false };

function settle<T>(promise: Promise<T>, read: (value: T) => string): Promise<Ending> {
  return Promise.race([
    promise.then(
      (value) => ({ ended: true as const, stop: read(value) }),
      (error: unknown) => ({ ended: true as const, error: (error as { code?: number }).code ?? -1 }),
    ),
    new Promise<Ending>((resolve) => setTimeout(() => resolve({ ended: false }), CAP_MS)),
  ]);
}

const neverAnswered = new Promise<never>(() => {});

/** How the client's person behaves: answer, or leave the dialog up (and maybe cancel the turn when it appears). */
type Person = "answers" | "never answers" | "cancels the turn";

interface ClientScript {
  readonly permission: Person;
  readonly question: Person;
}

interface Session {
  readonly agent: acp.ClientConnection["agent"];
  readonly sessionId: string;
  readonly said: string[];
  close(): void;
}

/** A client on the real SDK, connected in memory to `app`, with one session open. */
async function openSession(
  app: acp.AgentApp,
  script: () => ClientScript,
): Promise<Session & { cancelTurn: () => void }> {
  const said: string[] = [];
  let cancelTurn = (): void => {};
  const respond = <T>(person: Person, answer: T): Promise<T> => {
    if (person === "answers") return Promise.resolve(answer);
    if (person === "cancels the turn") cancelTurn();
    return neverAnswered;
  };
  const client = acp
    .client({ name: "scripted-person" })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) =>
      respond(script().permission, {
        outcome: { outcome: "selected" as const, optionId: params.options[0]!.optionId },
      }),
    )
    .onRequest(acp.methods.client.elicitation.create, () =>
      respond(script().question, { action: "accept" as const, content: { suite: "unit" } }),
    )
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      if (params.update.sessionUpdate === "agent_message_chunk" && params.update.content.type === "text")
        said.push(params.update.content.text);
    });
  const connection = client.connect(app);
  const agent = connection.agent;
  await agent.request(acp.methods.agent.initialize, { protocolVersion: acp.PROTOCOL_VERSION });
  const { sessionId } = await agent.request(acp.methods.agent.session.new, { cwd: "/", mcpServers: [] });
  cancelTurn = () => void agent.notify(acp.methods.agent.session.cancel, { sessionId });
  return { agent, sessionId, said, close: () => connection.close(), cancelTurn };
}

function prompt(session: Session): Promise<Ending> {
  const turn = session.agent.request(acp.methods.agent.session.prompt, {
    sessionId: session.sessionId,
    prompt: [{ type: "text", text: "run the tests" }],
  });
  return settle(turn, (response) => response.stopReason);
}

beforeAll(() => fs.mkdirSync(WORK, { recursive: true }));
afterAll(() => fs.rmSync(WORK, { recursive: true, force: true }));

describe("the demo ACP agent (ACP 2.x ctx.request), after migrate", () => {
  let createDemoAgent: () => acp.AgentApp;

  beforeAll(async () => {
    fs.cpSync(path.join(REPOSITORY, "fixtures", "acp-agent"), path.join(WORK, "demo"), { recursive: true });
    fs.writeFileSync(path.join(WORK, "package.json"), JSON.stringify({ type: "module" }));
    let stdout = "";
    const code = await runMigrate(["demo", "--deadline-ms", String(DEADLINE_MS), "--force", "--no-typecheck"], {
      stdout: (text) => void (stdout += text),
      stderr: () => {},
      cwd: WORK,
      isTTY: false,
    });
    expect(code, stdout).toBe(0);
    const migrated = fs.readFileSync(path.join(WORK, "demo", "agent.ts"), "utf8");
    // The deadline is a timer the helper holds and clears, not an `AbortSignal.timeout` inside `AbortSignal.any`
    // (on Node 20 that timeout signal can be collected before it fires: nodejs/node#57736).
    expect(migrated).toMatch(new RegExp(`withinDeadline\\(\\s*[^,]+,\\s*${DEADLINE_MS},`));
    expect(migrated).not.toContain("AbortSignal.any(");
    ({ createDemoAgent } = await import(path.join(WORK, "demo", "agent.ts")));
  });

  async function turn(script: ClientScript): Promise<{ ending: Ending; said: string[] }> {
    const session = await openSession(createDemoAgent(), () => script);
    try {
      return { ending: await prompt(session), said: session.said };
    } finally {
      session.close();
    }
  }

  it("a turn cancelled during the permission request ends, as cancelled", async () => {
    const { ending } = await turn({ permission: "cancels the turn", question: "answers" });
    expect(ending).toEqual({ ended: true, stop: "cancelled" });
  });

  it("a turn cancelled during the question ends as cancelled: the question resolves as the API's 'cancel'", async () => {
    // Before migrate this turn never ended (test/terminal-paths.test.ts); the SDK rejects the withdrawn question
    // (-32800), which `withinDeadline` turns into the no-decision answer the code already handles.
    const { ending, said } = await turn({ permission: "answers", question: "cancels the turn" });
    expect(ending).toEqual({ ended: true, stop: "cancelled" });
    expect(said).toEqual(["Running the unit suite: `rm -rf build && npm test`."]);
  });

  it("a person who never answers the permission request: the turn ends at the deadline", async () => {
    const { ending, said } = await turn({ permission: "never answers", question: "answers" });
    expect(ending).toEqual({ ended: true, stop: "end_turn" });
    expect(said).toHaveLength(1);
  });

  it("a person who never answers the question: the turn ends at the deadline, the question as 'cancel'", async () => {
    const { ending, said } = await turn({ permission: "answers", question: "never answers" });
    expect(ending).toEqual({ ended: true, stop: "end_turn" });
    expect(said).toEqual(["Running the unit suite: `rm -rf build && npm test`."]);
  });

  it("leaves no abort listener on any turn's signal after 50 answered turns (100 questions)", async () => {
    const session = await openSession(createDemoAgent(), () => ({ permission: "answers", question: "answers" }));
    const created: AbortSignal[] = [];
    const Original = globalThis.AbortController;
    // The agent builds one controller per turn; this subclass only records them.
    globalThis.AbortController = class extends Original {
      constructor() {
        super();
        created.push(this.signal);
      }
    };
    try {
      for (let index = 0; index < 50; index += 1)
        expect(await prompt(session)).toEqual({ ended: true, stop: "end_turn" });
    } finally {
      globalThis.AbortController = Original;
      session.close();
    }
    expect(created.length).toBeGreaterThanOrEqual(50);
    expect(created.map((signal) => getEventListeners(signal, "abort").length).filter((count) => count > 0)).toEqual([]);
  });
});

describe("an agent on the ACP 0.x/1.x connection API, after the deadline transform (askWithin)", () => {
  type RunTurn = (connection: unknown, sessionId: string, signal: AbortSignal) => Promise<string>;
  const source = fs.readFileSync(
    path.join(REPOSITORY, "codemods", "__fixtures__", "deadline", "acp-v1-agent.input.ts"),
    "utf8",
  );
  let helped: RunTurn;
  let inlineRace: RunTurn;

  beforeAll(async () => {
    const migrated = runDeadline(source, path.join(WORK, "helped.ts"), { deadlineMs: DEADLINE_MS });
    expect(migrated.addedHelpers).toEqual(["askWithin"]);
    fs.writeFileSync(path.join(WORK, "helped.ts"), migrated.output);
    // The control: the inline race the transform (and forward-abort-signal's suggestion) wrote before, by hand.
    const race = (call: string) =>
      `Promise.race([${call}, new Promise<never>((_, reject) => { if (signal.aborted) reject(signal.reason); ` +
      `else signal.addEventListener("abort", () => reject(signal.reason), { once: true }); })])`;
    const permission = source.slice(
      source.indexOf("connection.requestPermission({"),
      source.indexOf(";\n  if (permission.outcome.outcome"),
    );
    const question = /connection\.createElicitation\(\{.*\}\)/.exec(source)![0];
    const raced = source.replace(permission, race(permission)).replace(question, race(question));
    expect(raced.match(/addEventListener\("abort"/g)).toHaveLength(2);
    fs.writeFileSync(path.join(WORK, "inline-race.ts"), raced);
    ({ runTurn: helped } = await import(path.join(WORK, "helped.ts")));
    ({ runTurn: inlineRace } = await import(path.join(WORK, "inline-race.ts")));
  });

  /** An agent whose sessions each have one signal for their whole life, aborted by `session/cancel`. */
  function agentOn(runTurn: RunTurn, signals: Map<string, AbortController>): acp.AgentApp {
    let next = 0;
    return acp
      .agent({ name: "v1-style-agent" })
      .onRequest(acp.methods.agent.initialize, () => ({ protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: {} }))
      .onRequest(acp.methods.agent.session.new, () => {
        const sessionId = `session-${(next += 1)}`;
        signals.set(sessionId, new AbortController());
        return { sessionId };
      })
      .onNotification(acp.methods.agent.session.cancel, ({ params }) =>
        signals.get(params.sessionId)?.abort(new Error("cancelled")),
      )
      .onRequest(acp.methods.agent.session.prompt, async ({ params, client }) => {
        const signal = signals.get(params.sessionId)!.signal;
        // The 0.x/1.x connection's two methods, on the real SDK's request.
        const connection = {
          requestPermission: (request: acp.RequestPermissionRequest) =>
            client.request(acp.methods.client.session.requestPermission, request),
          createElicitation: (request: acp.CreateElicitationRequest) =>
            client.request(acp.methods.client.elicitation.create, request),
        };
        const text = await runTurn(connection, params.sessionId, signal);
        await client.notify(acp.methods.client.session.update, {
          sessionId: params.sessionId,
          update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text } },
        });
        return { stopReason: signal.aborted ? "cancelled" : "end_turn" };
      });
  }

  async function turn(runTurn: RunTurn, script: ClientScript): Promise<{ ending: Ending; said: string[] }> {
    const session = await openSession(agentOn(runTurn, new Map()), () => script);
    try {
      return { ending: await prompt(session), said: session.said };
    } finally {
      session.close();
    }
  }

  it("session/cancel during the permission request: the wait resolves as the API's 'cancelled', the turn says so", async () => {
    expect(await turn(helped, { permission: "cancels the turn", question: "answers" })).toEqual({
      ending: { ended: true, stop: "cancelled" },
      said: ["no decision on running `npm test`"],
    });
  });

  it("session/cancel during the question: resolves as the API's 'cancel'", async () => {
    expect(await turn(helped, { permission: "answers", question: "cancels the turn" })).toEqual({
      ending: { ended: true, stop: "cancelled" },
      said: ["no suite was picked"],
    });
  });

  it("a person who never answers: each wait ends at the deadline as no decision", async () => {
    expect(await turn(helped, { permission: "never answers", question: "answers" })).toEqual({
      ending: { ended: true, stop: "end_turn" },
      said: ["no decision on running `npm test`"],
    });
    expect(await turn(helped, { permission: "answers", question: "never answers" })).toEqual({
      ending: { ended: true, stop: "end_turn" },
      said: ["no suite was picked"],
    });
  });

  it("the inline race it replaces threw on the cancel instead: the turn failed rather than saying 'no decision'", async () => {
    const { ending, said } = await turn(inlineRace, { permission: "cancels the turn", question: "answers" });
    expect(ending.ended && "error" in ending).toBe(true);
    expect(said).toEqual([]);
  });

  /** Listeners left on one session-long signal after 50 answered turns (100 answered questions). */
  async function listenersAfterFiftyTurns(runTurn: RunTurn): Promise<{ before: number; after: number }> {
    const signals = new Map<string, AbortController>();
    const session = await openSession(agentOn(runTurn, signals), () => ({
      permission: "answers",
      question: "answers",
    }));
    try {
      const signal = signals.get(session.sessionId)!.signal;
      const before = getEventListeners(signal, "abort").length;
      for (let index = 0; index < 50; index += 1)
        expect(await prompt(session)).toEqual({ ended: true, stop: "end_turn" });
      expect(session.said.filter((text) => text === "running the suite")).toHaveLength(50);
      return { before, after: getEventListeners(signal, "abort").length };
    } finally {
      session.close();
    }
  }

  it("leaves the session signal's abort listeners at their starting count after 100 answered questions", async () => {
    expect(await listenersAfterFiftyTurns(helped)).toEqual({ before: 0, after: 0 });
  });

  it("control: the inline race left one listener per answered question on the same signal", async () => {
    expect(await listenersAfterFiftyTurns(inlineRace)).toEqual({ before: 0, after: 100 });
  });
});
