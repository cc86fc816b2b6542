/**
 * README's list of recognised calls, rendered from the API table (protocol/apis.ts), so that the list cannot drift
 * from what the rules recognise: test/docs.test.ts compares it with the README block between the markers.
 */
import { ELICITATION_HANDLER_APIS, HUMAN_WAIT_APIS, type HumanWaitApi } from "../../protocol/apis.ts";

export const RECOGNISED_CALLS_BEGIN = "<!-- begin recognised calls (generated from protocol/apis.ts) -->";
export const RECOGNISED_CALLS_END = "<!-- end recognised calls -->";

const code = (text: string) => `\`${text}\``;
const list = (items: readonly string[]) => (items.length === 0 ? "none" : items.map(code).join(", "));

function options(api: HumanWaitApi): string {
  if (api.overloads)
    return api.overloads.map((overload) => `${overload.optionsArgIndex} in ${code(overload.signature)}`).join("; ");
  return api.optionsArgIndex === null ? "none" : String(api.optionsArgIndex);
}

function defaultDeadline(api: HumanWaitApi): string {
  const deadline = api.defaultDeadline;
  switch (deadline.kind) {
    case "request-default":
    case "documented":
    case "fixed":
    case "effectively-infinite":
      return `${deadline.ms.toLocaleString("en-US")} ms${deadline.kind === "fixed" ? " (fixed)" : ""}`;
    case "none":
      return "none (waits for the answer)";
    case "runtime":
      return "the runtime's";
    case "unknown":
      return "unknown";
  }
}

function callerSignal(api: HumanWaitApi): string {
  return api.callerSignal.length === 0
    ? "none"
    : api.callerSignal.map((place) => code(["ctx", ...place.path].join("."))).join(", ");
}

/** The Markdown between the markers. */
export function renderRecognisedCalls(): string {
  const waits = HUMAN_WAIT_APIS.map((api) =>
    [
      api.label,
      list(api.packages),
      options(api),
      list(api.deadlineFields),
      api.signalField === null
        ? "none"
        : code(api.signalField) + (api.signalCompanionField ? ` + ${code(api.signalCompanionField)}` : ""),
      defaultDeadline(api),
      callerSignal(api),
      api.evidence,
    ].join(" | "),
  );
  const handlers = ELICITATION_HANDLER_APIS.map((api) =>
    [
      api.label,
      list(api.packages),
      api.signalParam === null
        ? "none"
        : `parameter ${api.signalParam.index}${api.signalParam.path.length > 0 ? ` ${code(api.signalParam.path.join("."))}` : ""}`,
      api.evidence,
    ].join(" | "),
  );
  return [
    "| Call that waits on a person | Packages | Options index | Deadline options | Signal option | Default deadline | Caller's signal | Read from |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...waits.map((row) => `| ${row} |`),
    "",
    "| Client-side handler | Packages | Its signal | Read from |",
    "| --- | --- | --- | --- |",
    ...handlers.map((row) => `| ${row} |`),
  ].join("\n");
}
