// Callers in another module: a lock held across the wrapper, decline and cancel folded into one `else`.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { confirm } from "./ui.js";
import * as ui from "./ui.js";
import { confirmWithPerson } from "./index.js";

declare const locks: { acquire(): Promise<void>; release(): void };

export async function deploy(server: Server) {
  await locks.acquire();
  const answer = await confirm(server, "Deploy now?");
  locks.release();
  if (answer.action === "accept") return "deployed";
  else return "not deployed";
}

export async function rollback(server: Server) {
  const answer = await ui.ask(server, "Roll back?");
  return answer.action === "accept" ? "rolled back" : "kept";
}

export async function migrate(server: Server) {
  const answer = await confirmWithPerson(server, "Migrate?");
  if (answer.action !== "accept") return "skipped";
  return "migrated";
}
