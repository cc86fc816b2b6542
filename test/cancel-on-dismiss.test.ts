/**
 * cancel-on-dismiss the way users run it: `check` with its defaults (typed, since the project has a tsconfig.json, and
 * with `--no-typed`), `check --config strict`, and ESLint's Node API with `configs.recommended`, on a small client
 * project whose dialogs close in every way the rule knows, next to contrast files that share its words and ask
 * nobody. All in process: no child process, no build.
 */
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../index.ts";
import { REPO_ROOT, makeProject, runCli } from "./support/cli.ts";

const ALLOW = '{ outcome: { outcome: "selected", optionId: "allow_once" } }';
const CANCELLED = '{ outcome: { outcome: "cancelled" } }';

const FILES: Record<string, string> = {
  // Escape on the modal allows the tool call.
  "src/permission-modal.ts": `import { Modal } from "obsidian";
export class PermissionModal extends Modal {
  onClose() {
    this.resolve(${ALLOW});
  }
}
`,
  // The quick pick's hide answers nothing while onDidAccept answers: the agent waits forever.
  "src/quick-pick.ts": `import * as vscode from "vscode";
export function requestPermission(params) {
  return new Promise((resolve) => {
    const quickPick = vscode.window.createQuickPick();
    quickPick.onDidAccept(() => {
      resolve({ outcome: { outcome: "selected", optionId: quickPick.selectedItems[0].id } });
    });
    quickPick.onDidHide(() => quickPick.dispose());
    quickPick.show();
  });
}
`,
  // A refusal on Escape: reported by strict only.
  "src/refusing-modal.ts": `import { Modal } from "obsidian";
export class RefusingModal extends Modal {
  onClose() {
    this.resolve({ outcome: { outcome: "selected", optionId: "reject_once" } });
  }
}
`,
  // An answer known only by its type: typed check reports it, untyped does not.
  "src/reply-dialog.tsx": `type Reply = { action: "accept" | "decline" | "cancel" };
declare function Dialog(props: { open: boolean; onClose: () => void; children?: unknown }): unknown;
export function ReplyDialog({ onReply }: { onReply: (reply: Reply) => void }) {
  return <Dialog open onClose={() => onReply({ action: "accept" })}>Deploy?</Dialog>;
}
`,
  // Contrast: closing answers cancelled; a settings modal; a toast.
  "src/cancelling-prompt.tsx": `import { AlertDialog } from "@/components/ui/alert-dialog";
export function Prompt({ respond }) {
  return <AlertDialog open onOpenChange={(open) => !open && respond(${CANCELLED})}>…</AlertDialog>;
}
`,
  "src/settings-modal.ts": `import { Modal } from "obsidian";
export class SettingsModal extends Modal {
  onClose() {
    this.resolve({ theme: this.theme, accept: true });
  }
}
`,
  "src/toast.tsx": `import { Toast } from "@/components/ui/toast";
export function Allowed({ respond }) {
  return <Toast onOpenChange={(open) => !open && respond(${ALLOW})}>Allowed</Toast>;
}
`,
  "tsconfig.json": JSON.stringify({
    compilerOptions: { target: "es2022", module: "nodenext", strict: false, noEmit: true, jsx: "preserve", types: [] },
    include: ["src"],
  }),
};

interface JsonResult {
  filePath: string;
  messages: { ruleId: string | null; line: number; messageId?: string }[];
}

/** `file:line messageId` of this rule's findings. */
function findings(results: readonly JsonResult[], dir: string): string[] {
  return results
    .flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === "elicitation/cancel-on-dismiss")
        .map((message) => `${path.relative(dir, result.filePath)}:${message.line} ${message.messageId}`),
    )
    .sort();
}

const RECOMMENDED = [
  "src/permission-modal.ts:4 approvesOnDismiss",
  "src/quick-pick.ts:8 unansweredOnDismiss",
  "src/reply-dialog.tsx:4 approvesOnDismiss",
];

describe("cancel-on-dismiss through check and ESLint's Node API", () => {
  const dir = makeProject("cancel-on-dismiss", FILES);
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"));

  it("check with its defaults (typed): the approvals and the unanswered hide, none of the contrast files", async () => {
    const run = await runCli(["check", "--format", "json", "src"], dir);
    expect(run.code).toBe(1);
    expect(findings(JSON.parse(run.stdout) as JsonResult[], dir)).toEqual(RECOMMENDED);
  });

  it("check --no-typed: the answer only its type ties to a question is not judged", async () => {
    const run = await runCli(["check", "--no-typed", "--format", "json", "src"], dir);
    expect(findings(JSON.parse(run.stdout) as JsonResult[], dir)).toEqual(
      RECOMMENDED.filter((finding) => !finding.startsWith("src/reply-dialog")),
    );
  });

  it("check --config strict also reports the refusal on Escape", async () => {
    const run = await runCli(["check", "--no-typed", "--config", "strict", "--format", "json", "src"], dir);
    expect(findings(JSON.parse(run.stdout) as JsonResult[], dir)).toContain("src/refusing-modal.ts:4 refusesOnDismiss");
  });

  it("ESLint's Node API with configs.recommended reports what check reports untyped, with the suggestion", async () => {
    const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: [plugin.configs.recommended] });
    const results = await eslint.lintFiles(["src"]);
    expect(findings(results as unknown as JsonResult[], dir)).toEqual(
      RECOMMENDED.filter((finding) => !finding.startsWith("src/reply-dialog")),
    );
    const modal = results.find((result) => result.filePath.endsWith("permission-modal.ts"))!;
    const [suggestion] = modal.messages[0]!.suggestions!;
    expect(suggestion!.desc).toBe("Answer `cancelled`: the person closed the modal without deciding.");
    expect(suggestion!.fix.text).toBe(CANCELLED);
  });
});
