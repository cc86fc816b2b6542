/**
 * The text that answers every parked permission prompt of a store with ACP's `cancelled` outcome, written before the
 * statement that sends the cancel (protocol/answers.ts, protocol/methods.ts).
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { ParkedPromptStore } from "./cancel-path.ts";
import { ACP_CANCEL_SESSION_FIELD } from "../../protocol/methods.ts";
import { ACP_OUTCOME } from "../../protocol/answers.ts";
import { layoutAround, quoted, semicolon, type TextEdit } from "../../edits/layout.ts";

/** Lines settling every prompt of `store` (those of `session` only, when its entries record theirs), then emptying it. */
export function settlePendingEdit(
  sourceCode: Readonly<TSESLint.SourceCode>,
  statement: TSESTree.Node,
  store: ParkedPromptStore,
  session: TSESTree.Node | null,
): TextEdit {
  const { indent, unit, eol } = layoutAround(sourceCode, statement);
  const semi = semicolon(sourceCode);
  const path = store.path.join(".");
  const answer = `{ outcome: { outcome: ${quoted(sourceCode, ACP_OUTCOME.cancelled)} } }`;
  const settle = (entry: string) => `${store.settle ? `${entry}.${store.settle.property}` : entry}(${answer})${semi}`;
  const lines: string[] = [];
  if (store.kind === "array") {
    lines.push(`for (const pending of ${path}.splice(0)) ${settle("pending")}`);
  } else if (session && store.keepsSession) {
    lines.push(
      `for (const [id, pending] of ${path}) {`,
      `${unit}if (pending.${ACP_CANCEL_SESSION_FIELD} !== ${sourceCode.getText(session)}) continue${semi}`,
      `${unit}${path}.delete(id)${semi}`,
      `${unit}${settle("pending")}`,
      `}`,
    );
  } else {
    lines.push(`for (const pending of ${path}.values()) ${settle("pending")}`, `${path}.clear()${semi}`);
  }
  return {
    range: [statement.range[0], statement.range[0]],
    text: lines.map((line) => `${line}${eol}${indent}`).join(""),
  };
}
