// Contrast: the same fold on an HTTP response's verdict asks nobody.
import { toVerdict } from "./decisions.js";

export async function publish() {
  const verdict = toVerdict(await fetch("https://example.com/publish", { method: "POST" }));
  if (verdict === "yes") return "published";
  else return "not published";
}
