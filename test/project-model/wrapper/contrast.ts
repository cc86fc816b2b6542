// Contrast: the same shapes around a wrapper that asks nobody.
import { notify } from "./ui.js";

declare const locks: { acquire(): Promise<void>; release(): void };

export async function announce() {
  await locks.acquire();
  const answer = await notify("Deploying");
  locks.release();
  if (answer.action === "accept") return "shown";
  else return "hidden";
}
