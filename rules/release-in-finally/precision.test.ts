/**
 * Issue 23, bug 9: what is held across a wait on a person, in shapes seen on code this project had not looked at. Each
 * case has a contrast that shares its words.
 */
import rule from "./index.ts";
import { untypedRuleTester } from "../../test/rule-tester.ts";

untypedRuleTester.run("release-in-finally (issue 23)", rule, {
  valid: [
    {
      name: "contrast (bug 9): the same timers cleared with forEach in a finally",
      code: `
async function deploy(server) {
  const timers = [];
  timers.push(setInterval(heartbeat, 5_000));
  try {
    return await server.elicitInput({ message: "Deploy?", requestedSchema }, { timeout: 120_000 });
  } finally {
    timers.forEach(clearInterval);
  }
}`,
    },
    {
      name: "contrast (bug 9): a timer array handed to somebody else is theirs to clear",
      code: `
async function deploy(server, registry) {
  const timers = [];
  registry.track(timers);
  timers.push(setInterval(heartbeat, 5_000));
  const answer = await server.elicitInput({ message: "Deploy?", requestedSchema }, { timeout: 120_000 });
  timers.forEach(clearInterval);
  return answer;
}`,
    },
    {
      name: "contrast (bug 9): the same status set again in a finally",
      code: `
async function deploy(server, jobs, id) {
  jobs.setStatus(id, "waiting");
  try {
    return await server.elicitInput({ message: "Deploy?", requestedSchema }, { timeout: 120_000 });
  } finally {
    jobs.setStatus(id, "running");
  }
}`,
    },
    {
      name: "contrast (bug 9): a status set for another job after the wait is no release",
      code: `
async function deploy(server, jobs, id, next) {
  jobs.setStatus(id, "waiting");
  const answer = await server.elicitInput({ message: "Deploy?", requestedSchema }, { timeout: 120_000 });
  jobs.setStatus(next, "running");
  return answer;
}`,
    },
    {
      name: "contrast (bug 9): the same hold given back in a finally",
      code: `
async function book(server, seats, zone) {
  const ticket = await seats.hold(zone);
  try {
    return await server.elicitInput({ message: "Book?", requestedSchema }, { timeout: 120_000 });
  } finally {
    seats.free(ticket);
  }
}`,
    },
    {
      name: "contrast (bug 9): a hold whose handle no later call passes is no pair",
      code: `
async function book(server, seats, zone) {
  const ticket = await seats.hold(zone);
  const answer = await server.elicitInput({ message: "Book?", requestedSchema }, { timeout: 120_000 });
  seats.free(zone);
  return { answer, ticket };
}`,
    },
  ],
  invalid: [
    {
      name: "bug 9: timers pushed into a local array and cleared with forEach after the wait",
      code: `
async function deploy(server) {
  const timers = [];
  timers.push(setInterval(heartbeat, 5_000));
  const answer = await server.elicitInput({ message: "Deploy?", requestedSchema }, { timeout: 120_000 });
  timers.forEach((timer) => clearInterval(timer));
  return answer;
}`,
      errors: [
        {
          messageId: "timerNotCleared",
          line: 4,
          suggestions: [
            {
              messageId: "clearInFinally",
              output: `
async function deploy(server) {
  const timers = [];
  timers.push(setInterval(heartbeat, 5_000));
  let answer;
  try {
    answer = await server.elicitInput({ message: "Deploy?", requestedSchema }, { timeout: 120_000 });
  } finally {
    timers.forEach((timer) => clearInterval(timer));
  }
  return answer;
}`,
            },
          ],
        },
      ],
    },
    {
      name: "bug 9: a status set through a method pair around the wait",
      code: `
async function deploy(server, jobs, id) {
  jobs.setStatus(id, "waiting");
  const answer = await server.elicitInput({ message: "Deploy?", requestedSchema }, { timeout: 120_000 });
  jobs.setStatus(id, "running");
  return answer;
}`,
      errors: [
        {
          messageId: "releaseNotInFinally",
          line: 3,
          suggestions: [
            {
              messageId: "wrapInTryFinally",
              output: `
async function deploy(server, jobs, id) {
  jobs.setStatus(id, "waiting");
  let answer;
  try {
    answer = await server.elicitInput({ message: "Deploy?", requestedSchema }, { timeout: 120_000 });
  } finally {
    jobs.setStatus(id, "running");
  }
  return answer;
}`,
            },
          ],
        },
      ],
    },
    {
      name: "bug 9: a release that passes the acquisition's handle",
      code: `
async function book(server, seats, zone) {
  const ticket = await seats.hold(zone);
  const answer = await server.elicitInput({ message: "Book?", requestedSchema }, { timeout: 120_000 });
  seats.free(ticket);
  return answer;
}`,
      errors: [
        {
          messageId: "releaseNotInFinally",
          line: 3,
          suggestions: [
            {
              messageId: "wrapInTryFinally",
              output: `
async function book(server, seats, zone) {
  const ticket = await seats.hold(zone);
  let answer;
  try {
    answer = await server.elicitInput({ message: "Book?", requestedSchema }, { timeout: 120_000 });
  } finally {
    seats.free(ticket);
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
