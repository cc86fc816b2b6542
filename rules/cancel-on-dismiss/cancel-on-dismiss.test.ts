import rule from "./index.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../../test/rule-tester.ts";

/** Where `marker` first starts in `code`, as ESLint reports it (1-based line and column). */
function at(code: string, marker: string, from = 0): { line: number; column: number } {
  const index = code.indexOf(marker, from);
  if (index < 0) throw new Error(`marker not found: ${marker}`);
  const before = code.slice(0, index).split("\n");
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/** The suggestion that answers cancelled in place of `answer`. */
function answersCancelled(code: string, answer: string, from = 0) {
  const index = code.indexOf(answer, from);
  const output = `${code.slice(0, index)}${CANCELLED}${code.slice(index + answer.length)}`;
  return [{ messageId: "answerNoDecision" as const, output }];
}

const ALLOW = '{ outcome: { outcome: "selected", optionId: "allow_once" } }';
const CANCELLED: string = '{ outcome: { outcome: "cancelled" } }';

/** An Obsidian permission modal: its buttons answer with the options, `onClose` is the close path. */
const MODAL = (onClose: string | null) => `import { Modal } from "obsidian";

export class PermissionModal extends Modal {
  answered = false;
  constructor(app, request, resolve) {
    super(app);
    this.request = request;
    this.resolve = resolve;
  }
  onOpen() {
    for (const option of this.request.options) {
      this.contentEl.createEl("button", { text: option.name }).onclick = () => {
        this.answered = true;
        this.resolve({ outcome: { outcome: "selected", optionId: option.optionId } });
        this.close();
      };
    }
  }${onClose === null ? "" : `\n  onClose() {\n    ${onClose}\n  }`}
}
`;

const QUICK_PICK = (hide: string) => `import * as vscode from "vscode";

export function requestPermission(params) {
  return new Promise((resolve) => {
    const quickPick = vscode.window.createQuickPick();
    quickPick.items = params.options.map((option) => ({ label: option.name, option }));
    quickPick.onDidAccept(() => {
      resolve({ outcome: { outcome: "selected", optionId: quickPick.selectedItems[0].option.optionId } });
      quickPick.hide();
    });
    quickPick.onDidHide(() => {
      ${hide}
    });
    quickPick.show();
  });
}
`;

const MESSAGE_BOX = (after: string) => `import * as vscode from "vscode";

export async function requestPermission(params) {
  const choice = await vscode.window.showInformationMessage(params.toolCall.title, { modal: true }, "Allow", "Deny");
  ${after}
}
`;

const RADIX = (onOpenChange: string) => `import { AlertDialog, AlertDialogAction } from "@/components/ui/alert-dialog";

export function PermissionPrompt({ request, respond }) {
  return (
    <AlertDialog open onOpenChange={${onOpenChange}}>
      <AlertDialogAction onClick={() => respond({ outcome: { outcome: "selected", optionId: request.options[0].optionId } })}>
        Allow
      </AlertDialogAction>
    </AlertDialog>
  );
}
`;

const INK = (escape: string) => `import { useInput } from "ink";

export function Prompt({ onAnswer }) {
  useInput((input, key) => {
    if (input === "y") onAnswer(${ALLOW});
    if (input === "n") onAnswer({ outcome: { outcome: "selected", optionId: "reject_once" } });
    ${escape}
  });
  return null;
}
`;

const READLINE = (close: string) => `import readline from "node:readline";

export function requestPermission(params) {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
    rl.question("Allow? (y/n) ", (line) => {
      resolve({ outcome: { outcome: "selected", optionId: line === "y" ? "allow_once" : "reject_once" } });
      rl.close();
    });
    rl.on("close", () => {
      ${close}
    });
  });
}
`;

const DISCORD = (end: string) => `import { ComponentType } from "discord.js";

export function askInChannel(message, resolve) {
  const collector = message.createMessageComponentCollector({ componentType: ComponentType.Button, time: 60_000 });
  collector.on("collect", (interaction) => {
    resolve({ outcome: { outcome: "selected", optionId: interaction.customId } });
    collector.stop();
  });
  collector.on("end", (collected) => {
    ${end}
  });
}
`;

const SLACK = (closed: string) => `import { App } from "@slack/bolt";

export function listen(app, pending) {
  app.view({ callback_id: "permission", type: "view_closed" }, async ({ ack, body }) => {
    await ack();
    ${closed}
  });
}
`;

const MUI_ELICITATION = (onClose: string) => `import { Dialog } from "@mui/material";
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";

export function ElicitationDialog({ respond }: { respond: (result: ElicitResult) => void }) {
  return <Dialog open onClose={${onClose}}>form</Dialog>;
}
`;

/** An MCP client whose elicitation handler asks through a module-level readline interface given no close listener. */
function readlineWithoutClose(name: string, importLine: string, factory: string) {
  const code = `${importLine}
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const readline = ${factory}({ input: process.stdin, output: process.stdout });

export function answerQuestions(client) {
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    const input = await new Promise((resolve) => readline.question(\`\${request.params.message} (y/n/c) \`, resolve));
    if (input === "c") return respond({ action: "cancel" });
    return respond(input === "y" ? { action: "accept", content: {} } : { action: "decline" });
  });
}
`;
  return {
    name,
    code,
    errors: [
      {
        messageId: "unansweredOnDismiss" as const,
        ...at(code, "createInterface", code.indexOf("const readline")),
        data: { dialog: "prompt", answer: "", asker: "server", noDecision: "`cancel`" },
        suggestions: [],
      },
    ],
  };
}

untypedRuleTester.run("cancel-on-dismiss", rule, {
  valid: [
    {
      name: "an Obsidian modal whose onClose answers cancelled",
      code: MODAL(`this.resolve(${CANCELLED});`),
    },
    {
      name: "an Obsidian modal whose onClose answers cancelled unless a button already answered",
      code: MODAL(`if (!this.answered) this.resolve(${CANCELLED});`),
    },
    {
      name: "an onClose that calls a close-all method of its own, which answers cancelled",
      code: MODAL("this.settle();").replace(
        "  onClose() {",
        `  settle() {\n    this.resolve(${CANCELLED});\n  }\n  onClose() {`,
      ),
    },
    {
      name: "a settings modal that asks nobody: its onClose resolves the values it edited",
      code: `import { Modal } from "obsidian";
export class SettingsModal extends Modal {
  onClose() {
    this.resolve({ theme: this.theme, accept: true });
  }
}`,
    },
    {
      name: "a settings modal handed a resolver by a function that asks nobody: its onClose may leave it open",
      code: `import { Modal } from "obsidian";
class SettingsModal extends Modal {
  constructor(app, private readonly resolve) {
    super(app);
  }
  onOpen() {
    this.addButton("Save", () => this.resolve({ theme: "dark", accept: true }));
  }
  onClose() {
    this.contentEl.empty();
  }
}
export function editSettings(app) {
  return new Promise((resolve) => new SettingsModal(app, resolve).open());
}`,
    },
    {
      name: "a quick pick whose undefined result is answered cancelled",
      code: `import * as vscode from "vscode";
export async function requestPermission(params) {
  const pick = await vscode.window.showQuickPick(params.options.map((option) => option.name));
  if (!pick) return ${CANCELLED};
  return { outcome: { outcome: "selected", optionId: params.options.find((option) => option.name === pick).optionId } };
}`,
    },
    {
      name: "a message box whose dismissal falls through to cancelled",
      code: MESSAGE_BOX(`if (choice === "Allow") return ${ALLOW};
  if (choice === "Deny") return { outcome: { outcome: "selected", optionId: "reject_once" } };
  return ${CANCELLED};`),
    },
    {
      name: "a notification without items is no question: its undefined result is not a dismissal",
      code: `import * as vscode from "vscode";
export async function onApproved(resolve) {
  await vscode.window.showInformationMessage("Approved");
  resolve(${ALLOW});
}`,
    },
    {
      name: "a quick pick whose onDidHide answers cancelled",
      code: QUICK_PICK(`resolve(${CANCELLED});`),
    },
    {
      name: "a dialog library's onOpenChange(true): the branch taken when it opens is no dismissal",
      filename: "prompt.tsx",
      code: `import { Dialog, DialogTrigger } from "@/components/ui/dialog";
export function PreviewGrant({ respond }) {
  // Opening the preview grants the read the agent asked for; closing it asks nothing more.
  return (
    <Dialog onOpenChange={(open) => { if (open) respond(${ALLOW}); }}>
      <DialogTrigger>Preview and allow</DialogTrigger>
    </Dialog>
  );
}`,
    },
    {
      name: "onOpenChange(false) answers cancelled",
      filename: "prompt.tsx",
      code: RADIX(`(open) => { if (!open) respond(${CANCELLED}); }`),
    },
    {
      name: "a dialog whose only close path is after a choice: controlled, with no onOpenChange",
      filename: "prompt.tsx",
      code: RADIX("undefined").replace(" onOpenChange={undefined}", ""),
    },
    {
      name: "a dialog closed through a callback prop the file cannot see: not judged",
      filename: "prompt.tsx",
      code: RADIX("onDismiss"),
    },
    {
      name: "a controlled dialog whose onOpenChange does nothing stays up until a choice",
      filename: "prompt.tsx",
      code: RADIX("() => {}"),
    },
    {
      name: "an onOpenChange that calls the component's own onDismiss prop, which may answer",
      filename: "prompt.tsx",
      code: RADIX("(open) => { if (!open) onDismiss(); }").replace(
        "{ request, respond }",
        "{ request, respond, onDismiss }",
      ),
    },
    {
      name: "a popover's Root is no dialog: only Dialog.Root and AlertDialog.Root are",
      filename: "prompt.tsx",
      code: `import * as Popover from "@radix-ui/react-popover";
export function Hint({ respond }) {
  return <Popover.Root onOpenChange={(open) => !open && respond(${ALLOW})}>…</Popover.Root>;
}`,
    },
    {
      name: "a toast's onOpenChange is no dialog",
      filename: "prompt.tsx",
      code: `import { Toast } from "@/components/ui/toast";
export function Approved({ respond }) {
  return <Toast onOpenChange={(open) => !open && respond(${ALLOW})}>Allowed</Toast>;
}`,
    },
    {
      name: "a cookie banner's dialog: { action: accept } in a file that asks nobody",
      filename: "prompt.tsx",
      code: `import { Dialog } from "@headlessui/react";
export function Consent({ track }) {
  return <Dialog open onClose={() => track({ action: "accept" })}>We use cookies</Dialog>;
}`,
    },
    {
      name: "Ink: Escape answers cancelled, y and n answer their options",
      code: INK(`if (key.escape) onAnswer(${CANCELLED});`),
    },
    {
      name: "Ink: no branch on Escape, so Escape closes nothing",
      code: INK(""),
    },
    {
      name: "readline: closing the prompt answers cancelled",
      code: READLINE(`resolve(${CANCELLED});`),
    },
    {
      name: "readline: a REPL's interface with no close listener asks no question",
      code: `import { createInterface } from "node:readline";
const rl = createInterface({ input: process.stdin, output: process.stdout });
export function repl(run) {
  rl.question("> ", (line) => run(line === "cancel" ? "stop" : line));
}`,
    },
    {
      name: "discord.js: a collector that ends with nothing collected answers cancelled",
      code: DISCORD(`if (collected.size === 0) resolve(${CANCELLED});`),
    },
    {
      name: "Slack: view_closed answers cancelled",
      code: SLACK(`pending.get(body.view.id)?.resolve(${CANCELLED});`),
    },
    {
      name: "a refusal on dismissal is left to reportRefusals (strict)",
      code: MODAL(`if (!this.answered) this.resolve({ outcome: { outcome: "selected", optionId: "reject_once" } });`),
    },
    {
      name: "an MCP elicitation dialog whose onClose answers cancel",
      filename: "prompt.tsx",
      code: MUI_ELICITATION('() => respond({ action: "cancel" })'),
    },
  ],
  invalid: [
    (() => {
      const code = MODAL(`if (!this.answered) this.resolve(${ALLOW});`);
      return {
        name: "an Obsidian modal whose onClose approves: Escape allows the tool call",
        code,
        errors: [
          {
            messageId: "approvesOnDismiss" as const,
            ...at(code, ALLOW),
            data: { dialog: "modal", answer: "option `allow_once`", asker: "agent", noDecision: "`cancelled`" },
            suggestions: [
              {
                messageId: "answerNoDecision" as const,
                output: MODAL(`if (!this.answered) this.resolve(${CANCELLED});`),
              },
            ],
          },
        ],
      };
    })(),
    (() => {
      const code = MODAL(null);
      return {
        name: "an Obsidian modal with no onClose: Escape closes it and the agent waits forever",
        code,
        errors: [
          {
            messageId: "unansweredOnDismiss" as const,
            ...at(code, "PermissionModal"),
            suggestions: [
              {
                messageId: "answerNoDecision" as const,
                output: code.replace(
                  "        this.close();\n      };\n    }\n  }\n",
                  `        this.close();\n      };\n    }\n  }\n\n  onClose() {\n    this.resolve(${CANCELLED});\n  }\n`,
                ),
              },
            ],
          },
        ],
      };
    })(),
    (() => {
      const code = MODAL("this.contentEl.empty();");
      return {
        name: "an Obsidian onClose that only empties the modal answers nothing",
        code,
        errors: [
          {
            messageId: "unansweredOnDismiss" as const,
            ...at(code, "onClose"),
            suggestions: [
              {
                messageId: "answerNoDecision" as const,
                output: MODAL(`this.resolve(${CANCELLED});\n    this.contentEl.empty();`),
              },
            ],
          },
        ],
      };
    })(),
    (() => {
      const code = `import { Modal } from "obsidian";

class PermissionModal extends Modal {
  constructor(app, private readonly request, private readonly resolve) {
    super(app);
  }
  onOpen() {
    for (const option of this.request.options) {
      this.addButton(option.name, () => {
        this.resolve(option.optionId);
        this.close();
      });
    }
  }
  onClose() {
    this.contentEl.empty();
  }
}

export class ObsidianClient {
  async requestPermission(params) {
    const optionId = await new Promise((resolve) => new PermissionModal(this.app, params, resolve).open());
    return { outcome: { outcome: "selected", optionId } };
  }
}
`;
      return {
        name: "a modal handed the requestPermission handler's resolver: its buttons settle it, onClose does not",
        code,
        errors: [
          {
            messageId: "unansweredOnDismiss" as const,
            ...at(code, "onClose"),
            data: { dialog: "modal", answer: "", asker: "agent", noDecision: "`cancelled`" },
            suggestions: [],
          },
        ],
      };
    })(),
    (() => {
      const code = MESSAGE_BOX(
        `return { outcome: { outcome: "selected", optionId: choice === "Deny" ? "reject_once" : "allow_once" } };`,
      );
      return {
        name: "a message box whose dismissal (undefined) falls into the allow option",
        code,
        errors: [{ messageId: "approvesOnDismiss" as const, ...at(code, "{ outcome: {"), suggestions: [] }],
      };
    })(),
    (() => {
      const code = `import * as vscode from "vscode";
export async function requestPermission(params) {
  const pick = await vscode.window.showQuickPick(params.options.map((option) => ({ label: option.name, option })));
  return { outcome: { outcome: "selected", optionId: pick?.option.optionId ?? params.options[0].optionId } };
}`;
      return {
        name: "a quick pick whose dismissal selects the first option, which nobody chose",
        code,
        errors: [{ messageId: "picksOnDismiss" as const, ...at(code, "{ outcome: {"), suggestions: [] }],
      };
    })(),
    (() => {
      const code = QUICK_PICK("quickPick.dispose();");
      return {
        name: "a quick pick whose onDidHide only disposes it, while onDidAccept answers",
        code,
        errors: [
          {
            messageId: "unansweredOnDismiss" as const,
            ...at(code, "onDidHide"),
            suggestions: [
              {
                messageId: "answerNoDecision" as const,
                output: QUICK_PICK(`resolve(${CANCELLED});\n      quickPick.dispose();`),
              },
            ],
          },
        ],
      };
    })(),
    (() => {
      const code = QUICK_PICK("").replace(/\n {4}quickPick\.onDidHide\(\(\) => \{\n {6}\n {4}\}\);/, "");
      return {
        name: "a quick pick given no onDidHide at all: Escape hides it and nothing answers",
        code,
        errors: [{ messageId: "unansweredOnDismiss" as const, ...at(code, "createQuickPick"), suggestions: [] }],
      };
    })(),
    (() => {
      const approve = '{ outcome: { outcome: "selected", optionId: allowOption.optionId } }';
      const code = RADIX(`(open) => { if (!open) respond(${approve}); }`);
      return {
        name: "onOpenChange(false) answers with the allow option",
        filename: "prompt.tsx",
        code,
        errors: [
          {
            messageId: "approvesOnDismiss" as const,
            ...at(code, approve),
            suggestions: [
              {
                messageId: "answerNoDecision" as const,
                output: RADIX(`(open) => { if (!open) respond(${CANCELLED}); }`),
              },
            ],
          },
        ],
      };
    })(),
    (() => {
      const code = RADIX("setOpen").replace(
        "export function PermissionPrompt({ request, respond }) {\n",
        "export function PermissionPrompt({ request, respond }) {\n  const [open, setOpen] = useState(true);\n",
      );
      return {
        name: "onOpenChange={setOpen} only hides the dialog: the agent waits forever",
        filename: "prompt.tsx",
        code,
        errors: [{ messageId: "unansweredOnDismiss" as const, ...at(code, "onOpenChange"), suggestions: [] }],
      };
    })(),
    (() => {
      const code = RADIX("(open) => {\n      if (!open) setShown(false);\n    }").replace(
        "export function PermissionPrompt({ request, respond }) {\n",
        "export function PermissionPrompt({ request, respond }) {\n  const [shown, setShown] = useState(true);\n",
      );
      return {
        name: "onOpenChange(false) hides the dialog and answers nothing",
        filename: "prompt.tsx",
        code,
        errors: [
          {
            messageId: "unansweredOnDismiss" as const,
            ...at(code, "onOpenChange"),
            suggestions: [
              {
                messageId: "answerNoDecision" as const,
                output: code.replace(
                  "      if (!open) setShown(false);",
                  `      if (!open) respond(${CANCELLED});\n      if (!open) setShown(false);`,
                ),
              },
            ],
          },
        ],
      };
    })(),
    (() => {
      const code = `import { jsx } from "react/jsx-runtime";
import { Dialog } from "@radix-ui/react-dialog";
export function PermissionPrompt({ respond }) {
  return jsx(Dialog, { open: true, onOpenChange: (open) => { if (!open) respond(${ALLOW}); }, children: "Allow?" });
}`;
      return {
        name: "compiled JSX, as packages ship it: jsx(Dialog, { onOpenChange }) allows on close",
        code,
        errors: [
          { messageId: "approvesOnDismiss" as const, ...at(code, ALLOW), suggestions: answersCancelled(code, ALLOW) },
        ],
      };
    })(),
    (() => {
      const code = `import * as Dialog from "@radix-ui/react-dialog";
export function Prompt({ respond }) {
  return <Dialog.Root open onOpenChange={(open) => !open && respond(${ALLOW})}>…</Dialog.Root>;
}`;
      return {
        name: "Radix's Dialog.Root, imported as a namespace: onOpenChange(false) allows",
        filename: "prompt.tsx",
        code,
        errors: [
          { messageId: "approvesOnDismiss" as const, ...at(code, ALLOW), suggestions: answersCancelled(code, ALLOW) },
        ],
      };
    })(),
    (() => {
      const code = MUI_ELICITATION('() => respond({ action: "accept", content: {} })');
      return {
        name: "an MCP elicitation dialog whose onClose (Escape, backdrop) accepts",
        filename: "prompt.tsx",
        code,
        errors: [
          {
            messageId: "approvesOnDismiss" as const,
            ...at(code, '{ action: "accept"'),
            data: { dialog: "dialog", answer: "`accept`", asker: "server", noDecision: "`cancel`" },
            suggestions: [
              {
                messageId: "answerNoDecision" as const,
                output: MUI_ELICITATION('() => respond({ action: "cancel" })'),
              },
            ],
          },
        ],
      };
    })(),
    (() => {
      const code = INK(`if (key.escape) onAnswer({ outcome: { outcome: "selected", optionId: "proceed_always" } });`);
      return {
        name: "Ink: Escape answers with an allow option",
        code,
        errors: [
          {
            messageId: "approvesOnDismiss" as const,
            ...at(code, '{ outcome: { outcome: "selected", optionId: "proceed'),
            suggestions: answersCancelled(code, '{ outcome: { outcome: "selected", optionId: "proceed_always" } }'),
          },
        ],
      };
    })(),
    (() => {
      const code = READLINE(`resolve(${ALLOW});`);
      return {
        name: "readline: Ctrl+D (close) allows the tool call",
        code,
        errors: [
          {
            messageId: "approvesOnDismiss" as const,
            ...at(code, ALLOW, code.indexOf('"close"')),
            suggestions: answersCancelled(code, ALLOW, code.indexOf('"close"')),
          },
        ],
      };
    })(),
    readlineWithoutClose(
      "readline: Ctrl+D closes a module-level interface with no close listener while a question waits on it",
      'import { createInterface } from "node:readline";',
      "createInterface",
    ),
    readlineWithoutClose(
      "readline, as TypeScript compiles it to CommonJS: (0, node_readline_1.createInterface)(…)",
      'const node_readline_1 = require("node:readline");',
      "(0, node_readline_1.createInterface)",
    ),
    (() => {
      const code = DISCORD(`if (collected.size === 0) resolve(${ALLOW});`);
      return {
        name: "discord.js: a collector that times out with nothing collected allows",
        code,
        errors: [
          {
            messageId: "approvesOnDismiss" as const,
            ...at(code, ALLOW),
            suggestions: [
              {
                messageId: "answerNoDecision" as const,
                output: DISCORD(`if (collected.size === 0) resolve(${CANCELLED});`),
              },
            ],
          },
        ],
      };
    })(),
    (() => {
      const code = DISCORD("message.edit({ components: [] });");
      return {
        name: "discord.js: the end handler answers nothing while collect answers",
        code,
        errors: [
          {
            messageId: "unansweredOnDismiss" as const,
            ...at(code, '"end"'),
            suggestions: [
              {
                messageId: "answerNoDecision" as const,
                output: DISCORD(
                  `if (collected.size === 0) resolve(${CANCELLED});\n    message.edit({ components: [] });`,
                ),
              },
            ],
          },
        ],
      };
    })(),
    (() => {
      const code = SLACK(`pending.get(body.view.id)?.resolve(${ALLOW});`);
      return {
        name: "Slack: closing the modal view (view_closed) allows",
        code,
        errors: [
          { messageId: "approvesOnDismiss" as const, ...at(code, ALLOW), suggestions: answersCancelled(code, ALLOW) },
        ],
      };
    })(),
    (() => {
      const refuse = '{ outcome: { outcome: "selected", optionId: "reject_once" } }';
      const code = MODAL(`if (!this.answered) this.resolve(${refuse});`);
      return {
        name: "reportRefusals: a dismissal answered with a reject option is a refusal nobody gave",
        code,
        options: [{ reportRefusals: true }],
        errors: [
          { messageId: "refusesOnDismiss" as const, ...at(code, refuse), suggestions: answersCancelled(code, refuse) },
        ],
      };
    })(),
    (() => {
      const code = `import { Modal } from "obsidian";
export function ask(app, params) {
  return new Promise((resolve) => {
    const modal = new Modal(app);
    modal.setCloseCallback(() => resolve(${ALLOW}));
    modal.open();
  });
}`;
      return {
        name: "Obsidian setCloseCallback that allows",
        code,
        errors: [
          { messageId: "approvesOnDismiss" as const, ...at(code, ALLOW), suggestions: answersCancelled(code, ALLOW) },
        ],
      };
    })(),
    (() => {
      const code = `export function ask(sheet, resolve) {
  sheet.onDismiss(() => resolve(${ALLOW}));
  sheet.present();
}`;
      return {
        name: "dismissalEvents: the user's own sheet's onDismiss is a dismissal",
        code,
        options: [
          {
            dismissalEvents: [
              { site: { kind: "callback" as const, method: "onDismiss", argIndex: 0 }, dialog: "sheet" },
            ],
          },
        ],
        errors: [
          {
            messageId: "approvesOnDismiss" as const,
            ...at(code, ALLOW),
            data: { dialog: "sheet", answer: "option `allow_once`", asker: "agent", noDecision: "`cancelled`" },
            suggestions: answersCancelled(code, ALLOW),
          },
        ],
      };
    })(),
  ],
});

/** A dialog whose answer type is the program's own: only its type ties `{ action }` to a question. */
const TYPED_REPLY = `type Reply = { action: "accept" | "decline" | "cancel" };
declare function Dialog(props: { open: boolean; onClose: () => void; children?: unknown }): unknown;
export function Prompt({ onReply }: { onReply: (reply: Reply) => void }) {
  return <Dialog open onClose={() => onReply({ action: "accept" })}>Deploy?</Dialog>;
}
`;

untypedRuleTester.run("cancel-on-dismiss (untyped: an answer known only by its type)", rule, {
  valid: [
    {
      name: "untyped, { action: accept } in a file that names no question is not judged",
      code: TYPED_REPLY,
      filename: "prompt.tsx",
    },
  ],
  invalid: [],
});

typedRuleTester.run("cancel-on-dismiss (typed)", rule, {
  valid: [
    {
      name: "typed: an Obsidian modal whose onClose answers cancelled",
      filename: TYPED_FILE,
      code: MODAL(`this.resolve(${CANCELLED});`).replace(
        "constructor(app, request, resolve)",
        "constructor(app: any, request: any, resolve: any)",
      ),
    },
  ],
  invalid: [
    (() => {
      const code = MODAL(`this.resolve(${ALLOW});`).replace(
        "constructor(app, request, resolve)",
        "constructor(app: any, request: any, resolve: any)",
      );
      return {
        name: "typed: an Obsidian modal whose onClose approves",
        filename: TYPED_FILE,
        code,
        errors: [
          { messageId: "approvesOnDismiss" as const, ...at(code, ALLOW), suggestions: answersCancelled(code, ALLOW) },
        ],
      };
    })(),
    {
      name: "typed: the answer's type (action is accept | decline | cancel) ties { action: accept } to a question",
      filename: TYPED_FILE.replace(/file\.ts$/, "prompt.tsx"),
      code: TYPED_REPLY,
      errors: [
        {
          messageId: "approvesOnDismiss" as const,
          ...at(TYPED_REPLY, '{ action: "accept" }'),
          suggestions: [
            {
              messageId: "answerNoDecision" as const,
              output: TYPED_REPLY.replace('{ action: "accept" }', '{ action: "cancel" }'),
            },
          ],
        },
      ],
    },
  ],
});
