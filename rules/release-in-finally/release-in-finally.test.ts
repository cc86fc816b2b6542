import { type InvalidTestCase } from "@typescript-eslint/rule-tester";
import fs from "node:fs";
import path from "node:path";
import { Linter } from "eslint";
import * as parser from "@typescript-eslint/parser";
import { describe, expect, it } from "vitest";
import rule, { type MessageIds, type Options } from "./index.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../../test/rule-tester.ts";

const ASYNC_DISPOSABLE_LOCK = `/// <reference lib="esnext.disposable" />
declare const server: { elicitInput(params: object): Promise<{ action: string }> };
declare const locks: { acquire(): Promise<AsyncDisposable & { release(): Promise<void> }> };
declare const params: object;
`;

const DISPOSABLE_LOCK = `/// <reference lib="esnext.disposable" />
declare const server: { elicitInput(params: object): Promise<{ action: string }> };
declare const locks: { acquire(): Promise<Disposable & { release(): void }> };
declare const params: object;
`;

type Invalid = InvalidTestCase<MessageIds, Options>;

const INVALID: Invalid[] = [
  {
    name: "mutex released after the ask, outside finally",
    code: `
async function deploy(server, mutex, params) {
  await mutex.acquire();
  const answer = await server.elicitInput(params);
  mutex.release();
  return answer;
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 9,
        endLine: 3,
        endColumn: 24,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function deploy(server, mutex, params) {
  await mutex.acquire();
  let answer;
  try {
    answer = await server.elicitInput(params);
  } finally {
    mutex.release();
  }
  return answer;
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "async-mutex releaser called after the ask",
    code: `
async function deploy(server, mutex, params) {
  const release = await mutex.acquire();
  const answer = await server.elicitInput(params);
  if (answer.action !== "accept") return "not deployed";
  await rollOut(answer.content);
  release();
  return "deployed";
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 25,
        endColumn: 40,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function deploy(server, mutex, params) {
  const release = await mutex.acquire();
  try {
    const answer = await server.elicitInput(params);
    if (answer.action !== "accept") return "not deployed";
    await rollOut(answer.content);
  } finally {
    release();
  }
  return "deployed";
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "lock and unlock around the ask",
    code: `
async function deploy(server, lock, params) {
  await lock.lock();
  const answer = await server.elicitInput(params);
  await record(answer);
  lock.unlock();
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 9,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function deploy(server, lock, params) {
  await lock.lock();
  try {
    const answer = await server.elicitInput(params);
    await record(answer);
  } finally {
    lock.unlock();
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "transaction committed after the ask: roll back in catch",
    code: `
async function migrate(server, db, params) {
  const tx = await db.begin();
  const answer = await server.elicitInput(params);
  await tx.query("update", answer);
  await tx.commit();
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 20,
        endColumn: 30,
        suggestions: [
          {
            messageId: "rollBackInCatch",
            output: `
async function migrate(server, db, params) {
  const tx = await db.begin();
  try {
    const answer = await server.elicitInput(params);
    await tx.query("update", answer);
    await tx.commit();
  } catch (error) {
    await tx.rollback();
    throw error;
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "transaction with an early return: reported without a rewrite",
    code: `
async function migrate(server, db, params) {
  const tx = await db.begin();
  const answer = await server.elicitInput(params);
  if (answer.action !== "accept") return;
  await tx.commit();
}
`,
    errors: [{ messageId: "releaseNotInFinally", line: 3, column: 20, suggestions: [] }],
  },
  {
    name: "set membership added before the ask and deleted after",
    code: `
async function ask(server, awaiting, token, params) {
  awaiting.add(token);
  const answer = await server.elicitInput(params);
  awaiting.delete(token);
  return answer;
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 3,
        endColumn: 22,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function ask(server, awaiting, token, params) {
  awaiting.add(token);
  let answer;
  try {
    answer = await server.elicitInput(params);
  } finally {
    awaiting.delete(token);
  }
  return answer;
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "map entry set before the ask and deleted after",
    code: `
async function ask(server, inFlight, requestId, params) {
  inFlight.set(requestId, Date.now());
  await server.elicitInput(params);
  inFlight.delete(requestId);
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 3,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function ask(server, inFlight, requestId, params) {
  inFlight.set(requestId, Date.now());
  try {
    await server.elicitInput(params);
  } finally {
    inFlight.delete(requestId);
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "status field set to awaiting and reset after the ask",
    code: `
async function ask(server, job, params) {
  job.status = "awaiting-input";
  await server.elicitInput(params);
  job.status = "idle";
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 3,
        endColumn: 32,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function ask(server, job, params) {
  job.status = "awaiting-input";
  try {
    await server.elicitInput(params);
  } finally {
    job.status = "idle";
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "status reset that depends on the answer: reported without a rewrite",
    code: `
async function ask(server, job, params) {
  job.status = "awaiting-input";
  const answer = await server.elicitInput(params);
  if (answer.action === "accept") job.status = "running";
  else job.status = "idle";
}
`,
    errors: [{ messageId: "releaseNotInFinally", line: 3, column: 3, suggestions: [] }],
  },
  {
    // In a `finally` it would read `answer` on the throwing paths too, where no answer exists, and throw over the
    // original error.
    name: "status reset computed from the answer in one statement: reported without a rewrite",
    code: `
async function ask(server, order, params) {
  order.status = "awaiting-confirmation";
  const answer = await server.elicitInput(params);
  order.status = answer.action === "accept" ? "confirmed" : "not confirmed";
}
`,
    errors: [{ messageId: "releaseNotInFinally", line: 3, column: 3, suggestions: [] }],
  },
  {
    name: "semaphore releaser from a tuple",
    code: `
async function ask(server, semaphore, params) {
  const [, release] = await semaphore.acquire();
  await server.elicitInput(params);
  release();
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 29,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function ask(server, semaphore, params) {
  const [, release] = await semaphore.acquire();
  try {
    await server.elicitInput(params);
  } finally {
    release();
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "pooled connection released after the ask",
    code: `
async function ask(server, pool, params) {
  const client = await pool.connect();
  await server.elicitInput(params);
  client.release();
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 24,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function ask(server, pool, params) {
  const client = await pool.connect();
  try {
    await server.elicitInput(params);
  } finally {
    client.release();
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "private mutex field of a class",
    code: `
class Deployer {
  #mutex;
  async deploy(server, params) {
    await this.#mutex.acquire();
    await server.elicitInput(params);
    this.#mutex.release();
  }
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 5,
        column: 11,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
class Deployer {
  #mutex;
  async deploy(server, params) {
    await this.#mutex.acquire();
    try {
      await server.elicitInput(params);
    } finally {
      this.#mutex.release();
    }
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "statements between the acquisition and the try",
    code: `
async function deploy(server, mutex, params) {
  const release = await mutex.acquire();
  const started = Date.now();
  log("asking", started);
  try {
    return await server.elicitInput(params);
  } finally {
    release();
  }
}
`,
    errors: [
      {
        messageId: "statementsBeforeTry",
        line: 3,
        column: 25,
        suggestions: [
          {
            messageId: "moveIntoTry",
            output: `
async function deploy(server, mutex, params) {
  const release = await mutex.acquire();
  try {
    const started = Date.now();
    log("asking", started);
    return await server.elicitInput(params);
  } finally {
    release();
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "statements before the try declare what the finally reads: hoisted",
    code: `
async function deploy(server, mutex, params) {
  await mutex.acquire();
  const started = Date.now();
  try {
    return await server.elicitInput(params);
  } finally {
    mutex.release();
    log(Date.now() - started);
  }
}
`,
    errors: [
      {
        messageId: "statementsBeforeTry",
        line: 3,
        column: 9,
        suggestions: [
          {
            messageId: "moveIntoTry",
            output: `
async function deploy(server, mutex, params) {
  await mutex.acquire();
  let started;
  try {
    started = Date.now();
    return await server.elicitInput(params);
  } finally {
    mutex.release();
    log(Date.now() - started);
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "lock taken inside the try whose finally releases it",
    code: `
async function deploy(server, lock, params) {
  try {
    await lock.lock();
    return await server.elicitInput(params);
  } finally {
    lock.unlock();
  }
}
`,
    errors: [
      {
        messageId: "acquireInsideTry",
        line: 4,
        column: 11,
        endColumn: 22,
        suggestions: [
          {
            messageId: "acquireBeforeTry",
            output: `
async function deploy(server, lock, params) {
  await lock.lock();
  try {
    return await server.elicitInput(params);
  } finally {
    lock.unlock();
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "releaser assigned inside the try and called unguarded in the finally",
    code: `
async function deploy(server, mutex, params) {
  let release;
  try {
    release = await mutex.acquire();
    return await server.elicitInput(params);
  } finally {
    release();
  }
}
`,
    errors: [
      {
        messageId: "acquireInsideTry",
        line: 5,
        column: 21,
        suggestions: [
          {
            messageId: "acquireBeforeTry",
            output: `
async function deploy(server, mutex, params) {
  let release;
  release = await mutex.acquire();
  try {
    return await server.elicitInput(params);
  } finally {
    release();
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "escaping handle reported in the strict setting",
    options: [{ reportEscapingHandles: true }],
    code: `
async function deploy(server, mutex, params, jobs) {
  const release = await mutex.acquire();
  jobs.push(release);
  const answer = await server.elicitInput(params);
  release();
  return answer;
}
`,
    errors: [{ messageId: "handleEscapes", data: { name: "release" }, line: 4, column: 13, endColumn: 20 }],
  },
  {
    name: "released on two paths: reported without a rewrite",
    code: `
async function deploy(server, mutex, params) {
  await mutex.acquire();
  const answer = await server.elicitInput(params);
  if (answer.action === "accept") {
    mutex.release();
    return rollOut(answer.content);
  }
  mutex.release();
  return null;
}
`,
    errors: [{ messageId: "releaseNotInFinally", line: 3, column: 9, suggestions: [] }],
  },
  {
    name: "released only in the catch arm",
    code: `
async function deploy(server, mutex, params) {
  await mutex.acquire();
  try {
    return await server.elicitInput(params);
  } catch (error) {
    mutex.release();
    throw error;
  }
}
`,
    errors: [{ messageId: "releaseNotInFinally", line: 3, column: 9, suggestions: [] }],
  },
  {
    name: "catch arm releases but the try can return past the release after it",
    code: `
async function deploy(server, mutex, params) {
  await mutex.acquire();
  try {
    const answer = await server.elicitInput(params);
    if (answer.action !== "accept") return null;
  } catch (error) {
    mutex.release();
    throw error;
  }
  mutex.release();
}
`,
    errors: [{ messageId: "releaseNotInFinally", line: 3, column: 9, suggestions: [] }],
  },
  {
    name: "the ask happens in a same-file helper",
    code: `
async function askBranch(server) {
  return server.elicitInput({ message: "Which branch?" });
}
async function deploy(server, mutex) {
  await mutex.acquire();
  const answer = await askBranch(server);
  mutex.release();
  return answer;
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 6,
        column: 9,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function askBranch(server) {
  return server.elicitInput({ message: "Which branch?" });
}
async function deploy(server, mutex) {
  await mutex.acquire();
  let answer;
  try {
    answer = await askBranch(server);
  } finally {
    mutex.release();
  }
  return answer;
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "ACP permission request while a lock is held",
    code: `
async function runTool(conn, mutex, sessionId, toolCall, options) {
  await mutex.acquire();
  const response = await conn.requestPermission({ sessionId, toolCall, options });
  mutex.release();
  return response.outcome;
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 9,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function runTool(conn, mutex, sessionId, toolCall, options) {
  await mutex.acquire();
  let response;
  try {
    response = await conn.requestPermission({ sessionId, toolCall, options });
  } finally {
    mutex.release();
  }
  return response.outcome;
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "anyAwait reports a lock held across any await",
    options: [{ anyAwait: true }],
    code: `
async function save(mutex, url) {
  await mutex.acquire();
  await fetch(url);
  mutex.release();
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 9,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function save(mutex, url) {
  await mutex.acquire();
  try {
    await fetch(url);
  } finally {
    mutex.release();
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "user-configured pair",
    options: [{ pairs: [{ acquire: "hold", release: ["drop"] }] }],
    code: `
async function deploy(server, gate, params) {
  await gate.hold();
  await server.elicitInput(params);
  gate.drop();
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 9,
        endColumn: 20,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function deploy(server, gate, params) {
  await gate.hold();
  try {
    await server.elicitInput(params);
  } finally {
    gate.drop();
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "user-configured pair held by a callback scope not listed as one",
    options: [{ pairs: [{ acquire: "hold", release: "drop" }] }],
    code: `
async function ask(server, params) {
  return server.elicitInput(params);
}
async function deploy(server, gate, params) {
  await gate.hold(ask);
  await server.elicitInput(params);
  gate.drop();
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 6,
        column: 9,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function ask(server, params) {
  return server.elicitInput(params);
}
async function deploy(server, gate, params) {
  await gate.hold(ask);
  try {
    await server.elicitInput(params);
  } finally {
    gate.drop();
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "user-configured state field",
    options: [{ pairs: [{ field: "phase" }] }],
    code: `
async function ask(server, run, params) {
  run.phase = "asking";
  await server.elicitInput(params);
  run.phase = "working";
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 3,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function ask(server, run, params) {
  run.phase = "asking";
  try {
    await server.elicitInput(params);
  } finally {
    run.phase = "working";
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "user's own human-wait wrapper",
    options: [{ humanWaitFunctions: [{ from: "file", name: "askUser" }] }],
    code: `
async function deploy(mutex) {
  await mutex.acquire();
  await askUser("Which branch?");
  mutex.release();
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 9,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function deploy(mutex) {
  await mutex.acquire();
  try {
    await askUser("Which branch?");
  } finally {
    mutex.release();
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "comments kept and template literal lines left as written",
    code: `
async function deploy(server, mutex, service) {
  await mutex.acquire(); // one deploy at a time
  // ask which branch
  const answer = await server.elicitInput({
    message: \`Deploy \${service}
from which branch?\`,
  });
  log(answer); /* trailing */
  mutex.release();
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 9,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function deploy(server, mutex, service) {
  await mutex.acquire(); // one deploy at a time
  // ask which branch
  try {
    const answer = await server.elicitInput({
      message: \`Deploy \${service}
from which branch?\`,
    });
    log(answer); /* trailing */
  } finally {
    mutex.release();
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "tab-indented file keeps tabs",
    code: "\nasync function deploy(server, mutex, params) {\n\tawait mutex.acquire();\n\tawait server.elicitInput(params);\n\tmutex.release();\n}\n",
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 8,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output:
              "\nasync function deploy(server, mutex, params) {\n\tawait mutex.acquire();\n\ttry {\n\t\tawait server.elicitInput(params);\n\t} finally {\n\t\tmutex.release();\n\t}\n}\n",
          },
        ],
      },
    ],
  },
  {
    name: "Windows line endings are kept",
    code: [
      "async function deploy(server, mutex, params) {",
      "  await mutex.acquire();",
      "  await server.elicitInput(params);",
      "  mutex.release();",
      "}",
      "",
    ].join("\r\n"),
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 2,
        column: 9,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: [
              "async function deploy(server, mutex, params) {",
              "  await mutex.acquire();",
              "  try {",
              "    await server.elicitInput(params);",
              "  } finally {",
              "    mutex.release();",
              "  }",
              "}",
              "",
            ].join("\r\n"),
          },
        ],
      },
    ],
  },
  {
    name: "lock held in a switch case",
    code: `
async function run(server, mutex, kind, params) {
  switch (kind) {
    case "deploy":
      await mutex.acquire();
      await server.elicitInput(params);
      mutex.release();
      break;
  }
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 5,
        column: 13,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function run(server, mutex, kind, params) {
  switch (kind) {
    case "deploy":
      await mutex.acquire();
      try {
        await server.elicitInput(params);
      } finally {
        mutex.release();
      }
      break;
  }
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "four-space indentation inside an arrow handler",
    code: `
server.registerTool("deploy", {}, async ({ service }) => {
    await locks.deploy.acquire();
    const answer = await server.server.elicitInput({ message: service });
    locks.deploy.release();
    return answer;
});
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 11,
        endColumn: 33,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
server.registerTool("deploy", {}, async ({ service }) => {
    await locks.deploy.acquire();
    let answer;
    try {
        answer = await server.server.elicitInput({ message: service });
    } finally {
        locks.deploy.release();
    }
    return answer;
});
`,
          },
        ],
      },
    ],
  },
  {
    name: "var declared between the acquisition and the release stays as written",
    code: `
async function deploy(server, mutex, params) {
  await mutex.acquire();
  var answer = await server.elicitInput(params);
  mutex.release();
  return answer;
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 9,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function deploy(server, mutex, params) {
  await mutex.acquire();
  try {
    var answer = await server.elicitInput(params);
  } finally {
    mutex.release();
  }
  return answer;
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "a declaration that cannot be split (destructuring read after the release)",
    code: `
async function deploy(server, mutex, params) {
  await mutex.acquire();
  const { action } = await server.elicitInput(params);
  mutex.release();
  return action;
}
`,
    errors: [{ messageId: "releaseNotInFinally", line: 3, column: 9, suggestions: [] }],
  },
  {
    name: "a file without semicolons: the hoisted let and the moved assignment get none either",
    code: `
async function deploy(server, mutex, params) {
  await mutex.acquire()
  const answer = await server.elicitInput(params)
  mutex.release()
  return answer
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 9,
        endLine: 3,
        endColumn: 24,
        suggestions: [
          {
            messageId: "wrapInTryFinally",
            output: `
async function deploy(server, mutex, params) {
  await mutex.acquire()
  let answer
  try {
    answer = await server.elicitInput(params)
  } finally {
    mutex.release()
  }
  return answer
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "a file without semicolons: the rollback in catch and its rethrow get none",
    code: `
async function migrate(server, db, params) {
  const tx = await db.begin()
  const answer = await server.elicitInput(params)
  await tx.query("update", answer)
  await tx.commit()
  return answer.action
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 20,
        endColumn: 30,
        suggestions: [
          {
            messageId: "rollBackInCatch",
            output: `
async function migrate(server, db, params) {
  const tx = await db.begin()
  let answer
  try {
    answer = await server.elicitInput(params)
    await tx.query("update", answer)
    await tx.commit()
  } catch (error) {
    await tx.rollback()
    throw error
  }
  return answer.action
}
`,
          },
        ],
      },
    ],
  },
  {
    name: "contrast: the same transaction with semicolons keeps them on the hoisted let, rollback and rethrow",
    code: `
async function migrate(server, db, params) {
  const tx = await db.begin();
  const answer = await server.elicitInput(params);
  await tx.query("update", answer);
  await tx.commit();
  return answer.action;
}
`,
    errors: [
      {
        messageId: "releaseNotInFinally",
        line: 3,
        column: 20,
        endColumn: 30,
        suggestions: [
          {
            messageId: "rollBackInCatch",
            output: `
async function migrate(server, db, params) {
  const tx = await db.begin();
  let answer;
  try {
    answer = await server.elicitInput(params);
    await tx.query("update", answer);
    await tx.commit();
  } catch (error) {
    await tx.rollback();
    throw error;
  }
  return answer.action;
}
`,
          },
        ],
      },
    ],
  },
];

untypedRuleTester.run("release-in-finally", rule, {
  valid: [
    {
      name: "released in the finally of a try right after the acquisition",
      code: `
async function deploy(server, mutex, params) {
  await mutex.acquire();
  try {
    return await server.elicitInput(params);
  } finally {
    mutex.release();
  }
}
`,
    },
    {
      name: "async-mutex releaser called in a finally",
      code: `
async function deploy(server, mutex, params) {
  const release = await mutex.acquire();
  try {
    return await server.elicitInput(params);
  } finally {
    release();
  }
}
`,
    },
    {
      name: "await using disposes on every path",
      code: `
async function deploy(server, locks, params) {
  await using lock = await locks.acquire();
  const answer = await server.elicitInput(params);
  lock.release();
  return answer;
}
`,
    },
    {
      name: "using disposes on every path",
      code: `
async function deploy(server, locks, params) {
  using lock = locks.acquire();
  const answer = await server.elicitInput(params);
  lock.release();
  return answer;
}
`,
    },
    {
      name: "runExclusive callback scope",
      code: `
async function deploy(server, mutex, params) {
  return mutex.runExclusive(async () => {
    const answer = await server.elicitInput(params);
    return answer;
  });
}
`,
    },
    {
      name: "async-lock acquire with a callback is a scope, not an acquisition",
      code: `
async function deploy(server, lock, params) {
  await lock.acquire("deploy", async () => {
    await server.elicitInput(params);
  });
  await server.elicitInput(params);
  lock.release();
}
`,
    },
    {
      name: "a user's callback scope passed a function declared in the file",
      options: [{ pairs: [{ acquire: "hold", release: "drop" }], callbackScopes: ["hold"] }],
      code: `
async function ask(server, params) {
  return server.elicitInput(params);
}
async function deploy(server, gate, params) {
  await gate.hold(ask);
  await server.elicitInput(params);
  gate.drop();
}
`,
    },
    {
      name: "released in every catch arm and after the try",
      code: `
async function deploy(server, mutex, params) {
  const release = await mutex.acquire();
  let answer;
  try {
    answer = await server.elicitInput(params);
  } catch (error) {
    release();
    throw error;
  }
  release();
  return answer;
}
`,
    },
    {
      name: "transaction committed at the end of the try and rolled back in its catch",
      code: `
async function migrate(server, db, params) {
  const tx = await db.begin();
  try {
    const answer = await server.elicitInput(params);
    await tx.query("update", answer);
    await tx.commit();
  } catch (error) {
    await tx.rollback();
    throw error;
  }
}
`,
    },
    {
      name: "hand-off: the release lives in another function",
      code: `
async function start(server, mutex, params) {
  await mutex.acquire();
  return server.elicitInput(params);
}
function finish(mutex) {
  mutex.release();
}
`,
    },
    {
      name: "hand-off: released in a callback",
      code: `
async function deploy(server, mutex, params) {
  const release = await mutex.acquire();
  const answer = await server.elicitInput(params);
  queueMicrotask(() => release());
  return answer;
}
`,
    },
    {
      name: "escaping handle is not reported by default",
      code: `
async function deploy(server, mutex, params, jobs) {
  const release = await mutex.acquire();
  jobs.push(release);
  const answer = await server.elicitInput(params);
  release();
  return answer;
}
`,
    },
    {
      name: "no wait on a person between acquisition and release",
      code: `
async function deploy(server, mutex, url) {
  await mutex.acquire();
  const response = await fetch(url);
  mutex.release();
  return server.elicitInput({ message: await response.text() });
}
`,
    },
    {
      name: "the person is asked before the lock is taken",
      code: `
async function deploy(server, mutex, params) {
  const answer = await server.elicitInput(params);
  await mutex.acquire();
  await apply(answer);
  mutex.release();
}
`,
    },
    {
      name: "set entries with different keys are different things",
      code: `
async function ask(server, pending, id, other, params) {
  pending.add(id);
  await server.elicitInput(params);
  pending.delete(other);
}
`,
    },
    {
      name: "handle assigned inside the try and released with a guard",
      code: `
async function deploy(server, mutex, params) {
  let release;
  try {
    release = await mutex.acquire();
    return await server.elicitInput(params);
  } finally {
    release?.();
  }
}
`,
    },
    {
      name: "state entry added inside the try: deleting an absent entry is harmless",
      code: `
async function ask(server, pending, id, params) {
  try {
    pending.add(id);
    return await server.elicitInput(params);
  } finally {
    pending.delete(id);
  }
}
`,
    },
    {
      name: "a file that asks nobody is skipped",
      code: `
async function save(db, row) {
  const tx = await db.begin();
  await tx.insert(row);
  await tx.commit();
}
`,
    },
    {
      name: "a browser permission prompt is not a wait on an MCP or ACP person",
      code: `
async function notify(mutex) {
  await mutex.acquire();
  await Notification.requestPermission();
  mutex.release();
}
`,
    },
    {
      name: "declaration hoisted between the acquisition and the try",
      code: `
async function deploy(server, mutex, params) {
  await mutex.acquire();
  let answer;
  try {
    answer = await server.elicitInput(params);
  } finally {
    mutex.release();
  }
  return answer;
}
`,
    },
    {
      name: "status field reset in a finally",
      code: `
async function ask(server, job, params) {
  job.status = "awaiting-input";
  try {
    return await server.elicitInput(params);
  } finally {
    job.status = "idle";
  }
}
`,
    },
    {
      name: "status field set again after the ask without a prior acquisition in a finally",
      code: `
async function ask(server, job, params) {
  const answer = await server.elicitInput(params);
  job.status = "answered";
  return answer;
}
`,
    },
  ],
  invalid: INVALID,
});

typedRuleTester.run("release-in-finally (typed)", rule, {
  valid: [
    {
      name: "typed: await using already holds the disposable lock",
      filename: TYPED_FILE,
      code: `${ASYNC_DISPOSABLE_LOCK}
export async function deploy() {
  await using lock = await locks.acquire();
  return server.elicitInput(params);
}
`,
    },
  ],
  invalid: [
    {
      name: "typed: await using offered when the acquisition returns an AsyncDisposable",
      filename: TYPED_FILE,
      code: `${ASYNC_DISPOSABLE_LOCK}
export async function deploy() {
  const lock = await locks.acquire();
  await server.elicitInput(params);
  await lock.release();
}
`,
      errors: [
        {
          messageId: "releaseNotInFinally",
          line: 7,
          column: 22,
          suggestions: [
            {
              messageId: "wrapInTryFinally",
              output: `${ASYNC_DISPOSABLE_LOCK}
export async function deploy() {
  const lock = await locks.acquire();
  try {
    await server.elicitInput(params);
  } finally {
    await lock.release();
  }
}
`,
            },
            {
              messageId: "holdWithUsing",
              data: { keyword: "await using" },
              output: `${ASYNC_DISPOSABLE_LOCK}
export async function deploy() {
  await using lock = await locks.acquire();
  await server.elicitInput(params);
}
`,
            },
          ],
        },
      ],
    },
    {
      name: "typed: using offered when the acquisition returns a Disposable",
      filename: TYPED_FILE,
      code: `${DISPOSABLE_LOCK}
export async function deploy() {
  const lock = await locks.acquire();
  await server.elicitInput(params);
  lock.release();
}
`,
      errors: [
        {
          messageId: "releaseNotInFinally",
          line: 7,
          column: 22,
          suggestions: [
            {
              messageId: "wrapInTryFinally",
              output: `${DISPOSABLE_LOCK}
export async function deploy() {
  const lock = await locks.acquire();
  try {
    await server.elicitInput(params);
  } finally {
    lock.release();
  }
}
`,
            },
            {
              messageId: "holdWithUsing",
              data: { keyword: "using" },
              output: `${DISPOSABLE_LOCK}
export async function deploy() {
  using lock = await locks.acquire();
  await server.elicitInput(params);
}
`,
            },
          ],
        },
      ],
    },
    {
      name: "typed: no using suggestion when statements follow the release",
      filename: TYPED_FILE,
      code: `${ASYNC_DISPOSABLE_LOCK}
export async function deploy() {
  const lock = await locks.acquire();
  await server.elicitInput(params);
  await lock.release();
  return "done";
}
`,
      errors: [
        {
          messageId: "releaseNotInFinally",
          line: 7,
          column: 22,
          suggestions: [
            {
              messageId: "wrapInTryFinally",
              output: `${ASYNC_DISPOSABLE_LOCK}
export async function deploy() {
  const lock = await locks.acquire();
  try {
    await server.elicitInput(params);
  } finally {
    await lock.release();
  }
  return "done";
}
`,
            },
          ],
        },
      ],
    },
  ],
});

/** What the codemod relies on: a suggestion's output parses and leaves nothing of this rule to report. */
describe("release-in-finally suggestions are final", () => {
  const linter = new Linter({ configType: "flat" });
  const lint = (code: string, options: Invalid["options"]) =>
    linter.verify(
      code,
      [
        {
          files: ["**/*.ts"],
          languageOptions: { parser },
          plugins: { elicitation: { rules: { "release-in-finally": rule } } },
          rules: { "elicitation/release-in-finally": ["error", ...(options ?? [])] },
        },
      ] as unknown as Linter.Config[],
      { filename: "file.ts" },
    );
  const outputs = INVALID.flatMap((testCase) =>
    (testCase.errors ?? []).flatMap((error) =>
      (error.suggestions ?? []).map((suggestion) => ({
        name: `${testCase.name} → ${suggestion.messageId}`,
        output: suggestion.output,
        options: testCase.options,
      })),
    ),
  );

  it("covers every suggestion of the invalid cases", () => {
    expect(outputs.length).toBeGreaterThanOrEqual(24);
  });

  it.each(outputs)("$name", ({ output, options }) => {
    expect(lint(output, options)).toEqual([]);
  });
});

/** The demo fixtures hold this bug on purpose (fixtures/README.md): it must be found, and `rollback` left alone. */
describe("release-in-finally on the demo fixtures", () => {
  const linter = new Linter({ configType: "flat" });
  const config = [
    {
      files: ["**/*.ts"],
      languageOptions: { parser },
      plugins: { elicitation: { rules: { "release-in-finally": rule } } },
      rules: { "elicitation/release-in-finally": "error" },
    },
  ] as unknown as Linter.Config[];
  const fixture = (relative: string) => fs.readFileSync(path.join(__dirname, "..", "..", "fixtures", relative), "utf8");
  const reportedText = (code: string, message: Linter.LintMessage) => {
    const lines = code.split("\n");
    return lines[message.line - 1]!.slice(message.column - 1, message.endColumn! - 1);
  };

  it.each([
    ["mcp-server/server.ts", ["locks.deploy.acquire()", "locks.migrations.acquire()"]],
    ["acp-agent/agent.ts", ["turns.set(params.sessionId, turn)"]],
  ])("reports the lock and state held across the question in %s, and its suggestion is final", (file, expected) => {
    const code = fixture(file);
    const messages = linter.verify(code, config, { filename: "file.ts" });
    expect(messages.map((message) => message.messageId)).toEqual(expected.map(() => "releaseNotInFinally"));
    expect(messages.map((message) => reportedText(code, message))).toEqual(expected);
    let fixed = code;
    for (const message of [...messages].reverse()) {
      const suggestion = message.suggestions?.find((candidate) => candidate.messageId === "wrapInTryFinally");
      expect(suggestion).toBeDefined();
      fixed = fixed.slice(0, suggestion!.fix.range[0]) + suggestion!.fix.text + fixed.slice(suggestion!.fix.range[1]);
    }
    expect(linter.verify(fixed, config, { filename: "file.ts" })).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Real code (#13): waits reached through the class's own members, and (typed) through another file's wrapper

untypedRuleTester.run("release-in-finally (delegation)", rule, {
  valid: [
    {
      name: "delegation: a class method that asks nobody is no wait between acquire and release",
      code: `class Deployer {
  async plan() { return this.db.query("select 1"); }
  async run() {
    const release = await this.mutex.acquire();
    await this.plan();
    release();
    await this.server.elicitInput(params, { timeout: 1000 });
  }
}`,
    },
  ],
  invalid: [],
});

typedRuleTester.run("release-in-finally (typed, across files)", rule, {
  valid: [
    {
      name: "typed: a callee whose action is any string is not a person's answer",
      filename: TYPED_FILE,
      code: `import { fetchAction } from "./ask.js";
declare const mutex: { acquire(): Promise<() => void> };
export async function run() {
  const release = await mutex.acquire();
  await fetchAction();
  release();
}`,
    },
  ],
  invalid: [],
});

describe("release-in-finally (delegation and types, reported)", () => {
  const linter = new Linter({ configType: "flat" });
  const report = (code: string) =>
    linter
      .verify(
        code,
        [
          {
            files: ["**/*.ts"],
            languageOptions: { parser },
            plugins: { e: { rules: { r: rule } } as never },
            rules: { "e/r": "error" },
          },
        ],
        "x.ts",
      )
      .map((message) => ({ messageId: message.messageId, line: message.line }));
  it("delegation: a lock held across await this.ui.ask() (a field declared to answer) released outside finally", () => {
    const code = `class Deployer {
  constructor(private ui: { ask(message: string): Promise<ElicitResult> }) {}
  async run() {
    const release = await this.mutex.acquire();
    const answer = await this.ui.ask("Deploy?");
    release();
  }
}`;
    expect(report(code)).toEqual([{ messageId: "releaseNotInFinally", line: 4 }]);
  });
  it("typed: a lock held across a wrapper from another file that answers with ElicitResult", async () => {
    const { ESLint } = await import("eslint");
    const root = path.join(__dirname, "..", "..", "test", "typed-project");
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ["**/*.ts"],
          languageOptions: { parser, parserOptions: { projectService: true, tsconfigRootDir: root } },
          plugins: { e: { rules: { r: rule } } as never },
          rules: { "e/r": "error" },
        },
      ],
    });
    const code = `import { askUser } from "./ask.js";
declare const mutex: { acquire(): Promise<() => void> };
export async function run() {
  const release = await mutex.acquire();
  const answer = await askUser("Deploy?");
  release();
}`;
    const [result] = await eslint.lintText(code, { filePath: path.join(root, "file.ts") });
    expect(result!.messages.map((message) => ({ messageId: message.messageId, line: message.line }))).toEqual([
      { messageId: "releaseNotInFinally", line: 4 },
    ]);
  });
});

// ReleaseCheck resources beyond locks (#13): released outside finally only matters when a person is waited on in between.
untypedRuleTester.run("release-in-finally (held resources)", rule, {
  valid: [
    {
      name: "held: a server listening across an ordinary await (no person asked) is not ours to judge",
      code: `export async function serveOnce(server, port) {
  server.listen(port);
  await loadConfig();
  server.close();
  await mcp.server.elicitInput(params, { timeout: 60_000 });
}`,
    },
    {
      name: "held: a callback server closed in the finally of a try right after listen",
      code: `export async function signIn(callbackServer, mcp) {
  callbackServer.listen(8765);
  try {
    return await mcp.server.elicitInput({ mode: "url", url, message: "Sign in" }, { timeout: 300_000 });
  } finally {
    callbackServer.close();
  }
}`,
    },
    {
      name: "held: a server listening while the person answers, closed by another function (a hand-off)",
      code: `export async function signIn(callbackServer, mcp) {
  callbackServer.listen(8765);
  const answer = await mcp.server.elicitInput({ mode: "url", url, message: "Sign in" }, { timeout: 300_000 });
  onDone(() => callbackServer.close());
  return answer;
}`,
    },
    {
      name: "held: listening inside an awaited promise, closed in the finally of the try after it",
      code: `export async function signIn(callbackServer, mcp) {
  await new Promise((resolve, reject) => {
    callbackServer.once("error", reject);
    callbackServer.listen(8765, resolve);
  });
  try {
    return await mcp.server.elicitInput({ mode: "url", url, message: "Sign in" }, { timeout: 300_000 });
  } finally {
    callbackServer.close();
  }
}`,
    },
    {
      name: "held: listening inside an awaited promise, closed after a fetch, before the person is asked",
      code: `export async function signIn(callbackServer, mcp) {
  await new Promise((resolve) => callbackServer.listen(8765, resolve));
  await fetch(url);
  callbackServer.close();
  await mcp.server.elicitInput({ mode: "url", url, message: "Sign in" }, { timeout: 300_000 });
}`,
    },
    {
      name: "held: closed inside an awaited promise in the finally",
      code: `export async function signIn(callbackServer, mcp) {
  callbackServer.listen(8765);
  try {
    return await mcp.server.elicitInput({ mode: "url", url, message: "Sign in" }, { timeout: 300_000 });
  } finally {
    await new Promise((resolve) => callbackServer.close(resolve));
  }
}`,
    },
    {
      name: "held: storage put and delete of different keys across a wait are no pair",
      code: `export async function ask(storage, mcp, id) {
  await storage.put(\`pending:\${id}\`, true);
  const answer = await mcp.server.elicitInput(params, { timeout: 60_000 });
  await storage.delete("other");
}`,
    },
    {
      name: "held: storage put and delete of the same key across an ordinary await (no person asked)",
      code: `export async function cache(storage, id) {
  await storage.put(id, { fetching: true });
  const page = await fetch(\`https://example.com/\${id}\`);
  await storage.delete(id);
  await mcp.server.elicitInput(params, { timeout: 60_000 });
  return page;
}`,
    },
    {
      name: "held: storage entry deleted in a finally around the wait",
      code: `export async function ask(storage, mcp, id) {
  await storage.put(id, { asked: Date.now() });
  try {
    return await mcp.server.elicitInput(params, { timeout: 60_000 });
  } finally {
    await storage.delete(id);
  }
}`,
    },
  ],
  invalid: [
    {
      name: "held: a callback server listening while the person answers, closed outside finally",
      code: `export async function signIn(callbackServer, mcp) {
  callbackServer.listen(8765);
  const answer = await mcp.server.elicitInput({ mode: "url", url, message: "Sign in" }, { timeout: 300_000 });
  callbackServer.close();
  return answer;
}`,
      errors: [
        {
          messageId: "releaseNotInFinally",
          data: { what: "the listening server `callbackServer`" },
          line: 2,
          column: 3,
          endColumn: 30,
          suggestions: [
            {
              messageId: "wrapInTryFinally",
              output: `export async function signIn(callbackServer, mcp) {
  callbackServer.listen(8765);
  let answer;
  try {
    answer = await mcp.server.elicitInput({ mode: "url", url, message: "Sign in" }, { timeout: 300_000 });
  } finally {
    callbackServer.close();
  }
  return answer;
}`,
            },
          ],
        },
      ],
    },
    {
      name: "held: listening inside an awaited promise (the executor runs at once), closed after the wait",
      code: `export async function signIn(callbackServer, mcp) {
  await new Promise((resolve) => callbackServer.listen(8765, resolve));
  const answer = await mcp.server.elicitInput({ mode: "url", url, message: "Sign in" }, { timeout: 300_000 });
  callbackServer.close();
  return answer;
}`,
      errors: [
        {
          messageId: "releaseNotInFinally",
          data: { what: "the listening server `callbackServer`" },
          line: 2,
          column: 34,
          suggestions: [
            {
              messageId: "wrapInTryFinally",
              output: `export async function signIn(callbackServer, mcp) {
  await new Promise((resolve) => callbackServer.listen(8765, resolve));
  let answer;
  try {
    answer = await mcp.server.elicitInput({ mode: "url", url, message: "Sign in" }, { timeout: 300_000 });
  } finally {
    callbackServer.close();
  }
  return answer;
}`,
            },
          ],
        },
      ],
    },
    {
      name: "held: listened and closed inside awaited promises, the close after the wait",
      code: `export async function signIn(callbackServer, mcp) {
  await new Promise((resolve) => callbackServer.listen(8765, resolve));
  const answer = await mcp.server.elicitInput({ mode: "url", url, message: "Sign in" }, { timeout: 300_000 });
  await new Promise((resolve) => callbackServer.close(resolve));
  return answer;
}`,
      errors: [
        {
          messageId: "releaseNotInFinally",
          line: 2,
          column: 34,
          suggestions: [
            {
              messageId: "wrapInTryFinally",
              output: `export async function signIn(callbackServer, mcp) {
  await new Promise((resolve) => callbackServer.listen(8765, resolve));
  let answer;
  try {
    answer = await mcp.server.elicitInput({ mode: "url", url, message: "Sign in" }, { timeout: 300_000 });
  } finally {
    await new Promise((resolve) => callbackServer.close(resolve));
  }
  return answer;
}`,
            },
          ],
        },
      ],
    },
    {
      name: "held: the server returned by app.listen(), closed through its handle after the wait",
      code: `export async function signIn(app, mcp) {
  const http = app.listen(8765);
  await mcp.server.elicitInput({ mode: "url", url, message: "Sign in" }, { timeout: 300_000 });
  http.close();
}`,
      errors: [
        {
          messageId: "releaseNotInFinally",
          line: 2,
          column: 16,
          suggestions: [
            {
              messageId: "wrapInTryFinally",
              output: `export async function signIn(app, mcp) {
  const http = app.listen(8765);
  try {
    await mcp.server.elicitInput({ mode: "url", url, message: "Sign in" }, { timeout: 300_000 });
  } finally {
    http.close();
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: "held: storage.put(key) before the wait and storage.delete(key) after it, outside finally",
      code: `export async function ask(storage, mcp, id) {
  await storage.put(id, { asked: Date.now() });
  const answer = await mcp.server.elicitInput(params, { timeout: 60_000 });
  await storage.delete(id);
  return answer;
}`,
      errors: [
        {
          messageId: "releaseNotInFinally",
          data: { what: "the stored entry `id` in `storage`" },
          line: 2,
          column: 9,
          suggestions: [
            {
              messageId: "wrapInTryFinally",
              output: `export async function ask(storage, mcp, id) {
  await storage.put(id, { asked: Date.now() });
  let answer;
  try {
    answer = await mcp.server.elicitInput(params, { timeout: 60_000 });
  } finally {
    await storage.delete(id);
  }
  return answer;
}`,
            },
          ],
        },
      ],
    },
    {
      name: "held: a Durable Object's storage entry, asked through this class's own method",
      code: `export class Approvals {
  async confirm(message) {
    return this.server.elicitInput({ message, requestedSchema }, { timeout: 60_000 });
  }
  async run(id) {
    await this.ctx.storage.put(\`pending:\${id}\`, true);
    const answer = await this.confirm("Approve?");
    await this.ctx.storage.delete(\`pending:\${id}\`);
    return answer;
  }
}`,
      errors: [
        {
          messageId: "releaseNotInFinally",
          data: { what: "the stored entry ``pending:${id}`` in `this.ctx.storage`" },
          line: 6,
          column: 11,
          suggestions: [
            {
              messageId: "wrapInTryFinally",
              output: `export class Approvals {
  async confirm(message) {
    return this.server.elicitInput({ message, requestedSchema }, { timeout: 60_000 });
  }
  async run(id) {
    await this.ctx.storage.put(\`pending:\${id}\`, true);
    let answer;
    try {
      answer = await this.confirm("Approve?");
    } finally {
      await this.ctx.storage.delete(\`pending:\${id}\`);
    }
    return answer;
  }
}`,
            },
          ],
        },
      ],
    },
  ],
});

// Timers (#13): a reminder or heartbeat armed before a wait on a person and cleared after it, outside a finally.
untypedRuleTester.run("release-in-finally (timers)", rule, {
  valid: [
    {
      name: "timer: armed and cleared around a fetch, no person asked in between",
      code: `export async function load(server, url) {
  const slow = setTimeout(() => log("still loading"), 5_000);
  const page = await fetch(url);
  clearTimeout(slow);
  return server.elicitInput({ message: page.title, requestedSchema }, { timeout: 60_000 });
}`,
    },
    {
      name: "timer: armed and cleared around a sleep, no person asked in between",
      code: `export async function settle(server) {
  const beat = setInterval(() => sendProgress(), 1_000);
  await sleep(500);
  clearInterval(beat);
  await server.elicitInput(params, { timeout: 60_000 });
}`,
    },
    {
      name: "timer: cleared in the finally of a try right after it is armed",
      code: `export async function ask(server, params) {
  const reminder = setTimeout(() => notify("Still waiting for your answer"), 30_000);
  try {
    return await server.elicitInput(params, { timeout: 120_000 });
  } finally {
    clearTimeout(reminder);
  }
}`,
    },
    {
      name: "timer: armed inside the try whose finally clears it (clearing a timer never armed does nothing)",
      code: `export async function ask(server, params) {
  let heartbeat;
  try {
    heartbeat = setInterval(() => sendProgress(), 5_000);
    return await server.elicitInput(params, { timeout: 120_000 });
  } finally {
    clearInterval(heartbeat);
  }
}`,
    },
    {
      name: "timer: a statement runs before the try, but the ask is inside it (a timer has no lock order to keep)",
      code: `export async function ask(server, message) {
  const beat = setInterval(() => sendProgress(), 5_000);
  const params = { message, requestedSchema };
  try {
    return await server.elicitInput(params, { timeout: 120_000 });
  } finally {
    clearInterval(beat);
  }
}`,
    },
    {
      name: "timer: cleared in the catch that rethrows and again after the try",
      code: `export async function ask(server, params) {
  const reminder = setTimeout(() => notify("Still waiting"), 30_000);
  let answer;
  try {
    answer = await server.elicitInput(params, { timeout: 120_000 });
  } catch (error) {
    clearTimeout(reminder);
    throw error;
  }
  clearTimeout(reminder);
  return answer;
}`,
    },
    {
      name: "timer: fire-and-forget, its handle never stored, cannot be cleared",
      code: `export async function ask(server, params) {
  setTimeout(() => notify("A question is waiting for you"), 30_000);
  const answer = await server.elicitInput(params, { timeout: 120_000 });
  clearTimeout(undefined);
  return answer;
}`,
    },
    {
      name: "timer: the clear after the wait names a different timer",
      code: `export async function ask(server, params, previous) {
  const reminder = setTimeout(() => notify("Still waiting"), 30_000);
  const answer = await server.elicitInput(params, { timeout: 120_000 });
  clearTimeout(previous);
  return { answer, reminder };
}`,
    },
    {
      name: "timer: the deadline of a Promise.race, armed inside the executor, cleared after the race",
      code: `export async function askWithDeadline(server, params, ms) {
  let timer;
  const answer = await Promise.race([
    server.elicitInput(params),
    new Promise((resolve) => {
      timer = setTimeout(() => resolve({ action: "cancel" }), ms);
    }),
  ]);
  clearTimeout(timer);
  return answer;
}`,
    },
    {
      name: "timer: the wait's own deadline, aborting the controller whose signal the ask carries",
      code: `export async function ask(server, params, ms) {
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(new Error("No answer in time")), ms);
  const answer = await server.elicitInput(params, { signal: controller.signal });
  clearTimeout(deadline);
  return answer;
}`,
    },
    {
      name: "timer: the wait's own deadline through abort.bind",
      code: `export async function ask(server, params, ms) {
  const controller = new AbortController();
  const deadline = setTimeout(controller.abort.bind(controller), ms);
  const answer = await server.elicitInput(params, { signal: controller.signal });
  clearTimeout(deadline);
  return answer;
}`,
    },
    {
      name: "timer: a deadline that settles the pending answer with cancel after setting a flag",
      code: `export async function ask(server, params, pending, ms) {
  const deadline = setTimeout(() => {
    pending.timedOut = true;
    pending.resolve({ action: "cancel" });
  }, ms);
  const answer = await server.elicitInput(params);
  clearTimeout(deadline);
  return answer;
}`,
    },
    {
      name: "timer: the ask's error is caught and swallowed, so the clear after the try always runs",
      code: `export async function ask(server, params) {
  const beat = setInterval(() => sendProgress(), 5_000);
  let answer;
  try {
    answer = await server.elicitInput(params, { timeout: 120_000 });
  } catch (error) {
    logger.warn("no answer", error);
    answer = { action: "cancel" };
  }
  clearInterval(beat);
  return answer;
}`,
    },
    {
      name: "timer: the ask's promise is given a .catch that does not throw",
      code: `export async function ask(server, params) {
  const beat = setInterval(() => sendProgress(), 5_000);
  const answer = await server.elicitInput(params, { timeout: 120_000 }).catch(() => ({ action: "cancel" }));
  clearInterval(beat);
  return answer;
}`,
    },
    {
      name: "caught: a lock released after a try whose catch swallows the ask's error",
      code: `export async function deploy(server, mutex, params) {
  await mutex.acquire();
  let answer;
  try {
    answer = await server.elicitInput(params, { timeout: 120_000 });
  } catch {
    answer = { action: "cancel" };
  }
  mutex.release();
  return answer;
}`,
    },
    {
      name: "timer: a debounce handle of the enclosing scope, re-armed by every call, is not this call's to clear",
      code: `let flushHandle;
export async function onAnswer(server, params) {
  if (flushHandle) clearTimeout(flushHandle);
  flushHandle = setTimeout(() => flushAnswers(), 200);
  await server.elicitInput(params, { timeout: 120_000 });
  clearTimeout(flushHandle);
}`,
    },
    {
      name: "timer: a slow-answer warning that only writes to the console",
      code: `export async function ask(server, params) {
  const slow = setTimeout(() => console.warn("Still waiting for an answer to", params.message), 60_000);
  const answer = await server.elicitInput(params, { timeout: 300_000 });
  clearTimeout(slow);
  return answer;
}`,
    },
    {
      name: "timer: an unref'd setTimeout fires at most once and its author chose its lifetime",
      code: `export async function ask(server, params) {
  const reminder = setTimeout(() => notify("Still waiting"), 30_000);
  reminder.unref();
  const answer = await server.elicitInput(params, { timeout: 120_000 });
  clearTimeout(reminder);
  return answer;
}`,
    },
    {
      name: "timer: an unref'd setTimeout, chained",
      code: `export async function ask(server, params) {
  const reminder = setTimeout(() => notify("Still waiting"), 30_000).unref();
  const answer = await server.elicitInput(params, { timeout: 120_000 });
  clearTimeout(reminder);
  return answer;
}`,
    },
    {
      name: "timer: its handle is handed on, so someone else may clear it",
      code: `export async function ask(server, params, timers) {
  const reminder = setTimeout(() => notify("Still waiting"), 30_000);
  timers.push(reminder);
  const answer = await server.elicitInput(params, { timeout: 120_000 });
  clearTimeout(reminder);
  return answer;
}`,
    },
    {
      name: "timer: cleared by a disposal stack's deferred callback, not after the wait",
      code: `export async function ask(server, params) {
  await using stack = new AsyncDisposableStack();
  const reminder = setTimeout(() => notify("Still waiting"), 30_000);
  stack.defer(() => clearTimeout(reminder));
  return server.elicitInput(params, { timeout: 120_000 });
}`,
    },
    {
      name: "timer: cleared in the ask's own .finally() callback",
      code: `export async function ask(server, params) {
  const beat = setInterval(() => sendProgress(), 5_000);
  const answer = await server.elicitInput(params, { timeout: 120_000 }).finally(() => clearInterval(beat));
  clearInterval(beat);
  return answer;
}`,
    },
    {
      name: "timer: held with using (a Node timer is disposable), cleared when the block unwinds",
      code: `export async function ask(server, params) {
  using heartbeat = setInterval(() => sendProgress(), 5_000);
  const answer = await server.elicitInput(params, { timeout: 120_000 });
  clearInterval(heartbeat);
  return answer;
}`,
    },
    {
      name: "timer: AbortSignal.timeout is a deadline with nothing to clear",
      code: `export async function ask(server, params) {
  const signal = AbortSignal.timeout(120_000);
  const answer = await server.elicitInput(params, { signal });
  signal.throwIfAborted();
  return answer;
}`,
    },
  ],
  invalid: [
    {
      name: "timer: a reminder armed before the ask and cleared after it, outside finally",
      code: `export async function ask(server, params) {
  const reminder = setTimeout(() => notify("Still waiting for your answer"), 30_000);
  const answer = await server.elicitInput(params, { timeout: 120_000 });
  clearTimeout(reminder);
  return answer;
}`,
      errors: [
        {
          messageId: "timerNotCleared",
          data: { what: "the timer `reminder`", fate: "still fires" },
          line: 2,
          column: 20,
          endColumn: 85,
          suggestions: [
            {
              messageId: "clearInFinally",
              output: `export async function ask(server, params) {
  const reminder = setTimeout(() => notify("Still waiting for your answer"), 30_000);
  let answer;
  try {
    answer = await server.elicitInput(params, { timeout: 120_000 });
  } finally {
    clearTimeout(reminder);
  }
  return answer;
}`,
            },
          ],
        },
      ],
    },
    {
      name: "timer: a heartbeat interval around the ask, cleared after it",
      code: `export async function ask(server, params, extra) {
  const heartbeat = setInterval(() => extra.sendNotification(progress()), 5_000);
  const answer = await server.elicitInput(params, { timeout: 120_000 });
  if (answer.action !== "accept") {
    clearInterval(heartbeat);
    return "stopped";
  }
  clearInterval(heartbeat);
  return "done";
}`,
      errors: [
        {
          messageId: "timerNotCleared",
          data: { what: "the interval `heartbeat`", fate: "fires on forever" },
          line: 2,
          column: 21,
          suggestions: [],
        },
      ],
    },
    {
      name: "timer: armed into a declared let, cleared after the ask",
      code: `export async function ask(server, params) {
  let reminder;
  reminder = setTimeout(() => notify("Still waiting"), 30_000);
  await server.elicitInput(params, { timeout: 120_000 });
  clearTimeout(reminder);
}`,
      errors: [
        {
          messageId: "timerNotCleared",
          line: 3,
          column: 14,
          suggestions: [
            {
              messageId: "clearInFinally",
              output: `export async function ask(server, params) {
  let reminder;
  reminder = setTimeout(() => notify("Still waiting"), 30_000);
  try {
    await server.elicitInput(params, { timeout: 120_000 });
  } finally {
    clearTimeout(reminder);
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: "timer: const t then this.timer = t, cleared through the field after a wait in this class's own method",
      code: `export class Session {
  async confirm(message) {
    return this.server.elicitInput({ message, requestedSchema }, { timeout: 120_000 });
  }
  async approve() {
    const t = setInterval(() => this.ping(), 5_000);
    this.timer = t;
    const answer = await this.confirm("Approve?");
    clearInterval(this.timer);
    return answer;
  }
}`,
      errors: [
        {
          messageId: "timerNotCleared",
          data: { what: "the interval `t`", fate: "fires on forever" },
          line: 6,
          column: 15,
          suggestions: [
            {
              messageId: "clearInFinally",
              output: `export class Session {
  async confirm(message) {
    return this.server.elicitInput({ message, requestedSchema }, { timeout: 120_000 });
  }
  async approve() {
    const t = setInterval(() => this.ping(), 5_000);
    let answer;
    try {
      this.timer = t;
      answer = await this.confirm("Approve?");
    } finally {
      clearInterval(this.timer);
    }
    return answer;
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: "timer: stored in a private field, cleared with clearTimeout through globalThis",
      code: `export class Asker {
  #reminder;
  async ask(params) {
    this.#reminder = setTimeout(() => this.remind(), 30_000);
    const answer = await this.server.elicitInput(params, { timeout: 120_000 });
    globalThis.clearTimeout(this.#reminder);
    return answer;
  }
}`,
      errors: [
        {
          messageId: "timerNotCleared",
          data: { what: "the timer `this.#reminder`", fate: "still fires" },
          line: 4,
          column: 22,
          suggestions: [
            {
              messageId: "clearInFinally",
              output: `export class Asker {
  #reminder;
  async ask(params) {
    this.#reminder = setTimeout(() => this.remind(), 30_000);
    let answer;
    try {
      answer = await this.server.elicitInput(params, { timeout: 120_000 });
    } finally {
      globalThis.clearTimeout(this.#reminder);
    }
    return answer;
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: "timer: the catch around the ask awaits, which may throw past the clear",
      code: `export async function ask(server, params) {
  const beat = setInterval(() => sendProgress(), 5_000);
  try {
    await server.elicitInput(params, { timeout: 120_000 });
  } catch (error) {
    await reportFailure(error);
  }
  clearInterval(beat);
}`,
      errors: [
        {
          messageId: "timerNotCleared",
          line: 2,
          column: 16,
          suggestions: [
            {
              messageId: "clearInFinally",
              output: `export async function ask(server, params) {
  const beat = setInterval(() => sendProgress(), 5_000);
  try {
    try {
      await server.elicitInput(params, { timeout: 120_000 });
    } catch (error) {
      await reportFailure(error);
    }
  } finally {
    clearInterval(beat);
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: "timer: the ask's error is caught by .catch, but a return before the clear skips it",
      code: `export async function ask(server, params) {
  const beat = setInterval(() => sendProgress(), 5_000);
  const answer = await server.elicitInput(params, { timeout: 120_000 }).catch(() => null);
  if (!answer) return null;
  clearInterval(beat);
  return answer;
}`,
      errors: [
        {
          messageId: "timerNotCleared",
          line: 2,
          column: 16,
          suggestions: [
            {
              messageId: "clearInFinally",
              output: `export async function ask(server, params) {
  const beat = setInterval(() => sendProgress(), 5_000);
  let answer;
  try {
    answer = await server.elicitInput(params, { timeout: 120_000 }).catch(() => null);
    if (!answer) return null;
  } finally {
    clearInterval(beat);
  }
  return answer;
}`,
            },
          ],
        },
      ],
    },
    {
      name: "caught: a lock released inside the try whose catch swallows the error is skipped on that path",
      code: `export async function deploy(server, mutex, params) {
  await mutex.acquire();
  try {
    await server.elicitInput(params, { timeout: 120_000 });
    mutex.release();
  } catch {
    log("no answer");
  }
}`,
      errors: [{ messageId: "releaseNotInFinally", line: 2, column: 9, suggestions: [] }],
    },
    {
      name: "timer: a comment after the clear on its line moves into the finally with it",
      code: `export async function ask(server, params) {
  const reminder = setTimeout(() => notify("Still waiting"), 30_000);
  await server.elicitInput(params, { timeout: 120_000 });
  clearTimeout(reminder); // moot once answered
  return "asked";
}`,
      errors: [
        {
          messageId: "timerNotCleared",
          line: 2,
          column: 20,
          suggestions: [
            {
              messageId: "clearInFinally",
              output: `export async function ask(server, params) {
  const reminder = setTimeout(() => notify("Still waiting"), 30_000);
  try {
    await server.elicitInput(params, { timeout: 120_000 });
  } finally {
    clearTimeout(reminder); // moot once answered
  }
  return "asked";
}`,
            },
          ],
        },
      ],
    },
    {
      name: "timer: an unref'd interval still fires for ever",
      code: `export async function ask(server, params) {
  const beat = setInterval(() => sendProgress(), 5_000).unref();
  await server.elicitInput(params, { timeout: 120_000 });
  clearInterval(beat);
}`,
      errors: [
        {
          messageId: "timerNotCleared",
          line: 2,
          column: 16,
          endColumn: 64,
          suggestions: [
            {
              messageId: "clearInFinally",
              output: `export async function ask(server, params) {
  const beat = setInterval(() => sendProgress(), 5_000).unref();
  try {
    await server.elicitInput(params, { timeout: 120_000 });
  } finally {
    clearInterval(beat);
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: "timer: the ask runs before the try whose finally clears the interval",
      code: `export async function ask(server, params) {
  const beat = setInterval(() => sendProgress(), 5_000);
  const answer = await server.elicitInput(params, { timeout: 120_000 });
  try {
    await record(answer);
  } finally {
    clearInterval(beat);
  }
}`,
      errors: [
        {
          messageId: "timerNotCleared",
          line: 2,
          column: 16,
          suggestions: [
            {
              messageId: "moveIntoTry",
              output: `export async function ask(server, params) {
  const beat = setInterval(() => sendProgress(), 5_000);
  try {
    const answer = await server.elicitInput(params, { timeout: 120_000 });
    await record(answer);
  } finally {
    clearInterval(beat);
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: "timer: a reminder that re-asks is no deadline, though it calls a function of the file",
      code: `export async function ask(server, params) {
  const reminder = setTimeout(() => remindAgain(params), 30_000);
  const answer = await server.elicitInput(params, { timeout: 120_000 });
  clearTimeout(reminder);
  return answer;
}`,
      errors: [
        {
          messageId: "timerNotCleared",
          line: 2,
          column: 20,
          suggestions: [
            {
              messageId: "clearInFinally",
              output: `export async function ask(server, params) {
  const reminder = setTimeout(() => remindAgain(params), 30_000);
  let answer;
  try {
    answer = await server.elicitInput(params, { timeout: 120_000 });
  } finally {
    clearTimeout(reminder);
  }
  return answer;
}`,
            },
          ],
        },
      ],
    },
  ],
});

typedRuleTester.run("release-in-finally (timers, typed)", rule, {
  valid: [
    {
      name: "typed timer: armed and cleared around a callee whose action is any string (no person asked)",
      filename: TYPED_FILE,
      code: `import { fetchAction } from "./ask.js";
declare function notify(message: string): void;
export async function run() {
  const reminder = setTimeout(() => notify("Still waiting"), 30_000);
  const result = await fetchAction();
  clearTimeout(reminder);
  return result;
}`,
    },
  ],
  invalid: [
    {
      name: "typed timer: a heartbeat across a wrapper from another file that answers with ElicitResult",
      filename: TYPED_FILE,
      code: `import { askUser } from "./ask.js";
declare function sendProgress(): void;
export async function run() {
  const heartbeat = setInterval(() => sendProgress(), 5_000);
  const answer = await askUser("Deploy?");
  clearInterval(heartbeat);
  return answer;
}`,
      errors: [
        {
          messageId: "timerNotCleared",
          data: { what: "the interval `heartbeat`", fate: "fires on forever" },
          line: 4,
          column: 21,
          suggestions: [
            {
              messageId: "clearInFinally",
              output: `import { askUser } from "./ask.js";
declare function sendProgress(): void;
export async function run() {
  const heartbeat = setInterval(() => sendProgress(), 5_000);
  let answer;
  try {
    answer = await askUser("Deploy?");
  } finally {
    clearInterval(heartbeat);
  }
  return answer;
}`,
            },
          ],
        },
      ],
    },
  ],
});

describe("release-in-finally (timers): the deadline helpers the codemods insert", () => {
  const linter = new Linter({ configType: "flat" });
  const fixtures = path.join(__dirname, "..", "..", "codemods", "__fixtures__", "deadline");
  const withHelper = fs
    .readdirSync(fixtures)
    .filter((file) => /\.output\.(ts|mjs)$/.test(file))
    .filter((file) => /function (askWithin|withinDeadline)\b/.test(fs.readFileSync(path.join(fixtures, file), "utf8")));

  it("finds both helpers among the deadline codemod's outputs", () => {
    const texts = withHelper.map((file) => fs.readFileSync(path.join(fixtures, file), "utf8")).join("\n");
    expect(texts).toMatch(/function askWithin\b[\s\S]*setTimeout[\s\S]*clearTimeout/);
    expect(texts).toMatch(/function withinDeadline\b[\s\S]*setTimeout[\s\S]*clearTimeout/);
  });

  it.each(withHelper)("reports no timer in %s, whose helper clears its own deadline", (file) => {
    const code = fs.readFileSync(path.join(fixtures, file), "utf8");
    const messages = linter.verify(
      code,
      [
        {
          files: ["**/*.ts", "**/*.mjs"],
          languageOptions: { parser },
          plugins: { e: { rules: { r: rule } } as never },
          rules: { "e/r": ["error", { reportEscapingHandles: true }] },
        },
      ],
      file.replace(".output.", "."),
    );
    expect(messages).toEqual([]);
  });
});
