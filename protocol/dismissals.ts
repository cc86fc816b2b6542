/**
 * The person's side, as data (docs/architecture.md, "protocol/"): the UI events by which a dialog closes without a
 * choice. On such a path a pending question is answered "no decision" (protocol/answers.ts `NO_DECISION_ANSWER`), never
 * approved and never left open; `cancel-on-dismiss` judges the code each row leads to.
 *
 * Each row was read from the package it names, at the version and file its `evidence` gives: obsidian@1.13.1
 * (`obsidian.d.ts`), @types/vscode@1.146.0 (`index.d.ts`), @radix-ui/react-dialog@1.3.1 and
 * @radix-ui/react-alert-dialog@1.2.1 (`dist/index.d.ts`), @mui/material@9.6.0 (`Modal/Modal.d.ts`,
 * `Dialog/Dialog.d.ts`), @headlessui/react@2.2.10 (`dist/components/dialog/dialog.d.ts`), ink@8.0.0
 * (`build/hooks/use-input.d.ts`), @types/node@20.19.43 (`readline.d.ts`), discord.js@14.28.1 (`typings/index.d.ts`),
 * @slack/bolt@5.1.0 (`dist/App.d.ts`, `dist/types/view/index.d.ts`).
 */

/** Where the code that runs on a dismissal is written. */
export type DismissalSite =
  /**
   * A method a subclass of one of `baseClasses` overrides (`class Ask extends Modal { onClose() { … } }`), or that is
   * assigned on an instance (`modal.onClose = () => …`).
   */
  | { readonly kind: "override"; readonly baseClasses: readonly string[]; readonly method: string }
  /**
   * A method that takes the close callback: `quickPick.onDidHide(fn)`, `useInput(fn)`; `argIndex` is the callback's.
   * `factories` (optional) make the dialog: one made there and given no such callback runs nothing on a dismissal.
   */
  | {
      readonly kind: "callback";
      readonly method: string;
      readonly argIndex: number;
      readonly factories?: readonly string[];
    }
  /** An event of an emitter one of `factories` made: `rl.on("close", fn)`, `collector.on("end", fn)`. */
  | { readonly kind: "event"; readonly event: string; readonly factories: readonly string[] }
  /**
   * A prop of a dialog element: `<Dialog onOpenChange={fn}>`. `elements` are the tag's last names, or its dotted tail
   * (`Dialog.Root`): a `<Select.Root>` or `<Popover.Root>` is no dialog.
   */
  | { readonly kind: "jsx-prop"; readonly elements: readonly string[]; readonly prop: string }
  /** A call that resolves `undefined` when the person dismisses it; it asks only with `minArguments` or more. */
  | { readonly kind: "result"; readonly method: string; readonly receiverTail: string; readonly minArguments: number }
  /** A route registered for the dismissal: Bolt's `app.view({ type: "view_closed" }, fn)` (constraint `field: value`). */
  | { readonly kind: "route"; readonly method: string; readonly field: string; readonly value: string };

/** Which runs of that code are a dismissal. */
export type DismissedWhen =
  /** Every run (Obsidian's `onClose` also runs after a choice closed the modal: an answer given then came first). */
  | { readonly kind: "always" }
  /** Runs whose parameter `index` is false (`onOpenChange(open)`); a test of it decides the branch. */
  | { readonly kind: "parameter-false"; readonly index: number }
  /** Runs whose parameter `index` is an empty collection (`end(collected)` with `collected.size === 0`). */
  | { readonly kind: "parameter-empty"; readonly index: number }
  /** Only the code under a test of `parameter.field` being true (Ink's `key.escape`); the rest is other keys. */
  | { readonly kind: "parameter-field"; readonly index: number; readonly field: string }
  /** The result is `undefined`: the code after `const pick = await showQuickPick(…)` with `pick` undefined. */
  | { readonly kind: "result-undefined" };

export interface DismissalEvent {
  readonly id: string;
  /** How a person names the event, for docs and the README. */
  readonly label: string;
  /** What the person sees, as messages name it: "modal", "quick pick", "dialog". */
  readonly dialog: string;
  readonly site: DismissalSite;
  readonly when: DismissedWhen;
  /** Packages the event ships in; with `requiresImport`, a file must import one of them for the row to apply. */
  readonly packages: readonly string[];
  /** The names alone are too common (`Modal`, `on("close")`): the row applies only where a package is imported. */
  readonly requiresImport: boolean;
  /** The package@version and `.d.ts` (with lines) the row was read from. */
  readonly evidence: string;
}

export const DISMISSAL_EVENTS: readonly DismissalEvent[] = [
  {
    id: "obsidian-modal-on-close",
    label: "Obsidian `Modal.onClose`",
    dialog: "modal",
    site: { kind: "override", baseClasses: ["Modal", "SuggestModal", "FuzzySuggestModal"], method: "onClose" },
    when: { kind: "always" },
    packages: ["obsidian"],
    requiresImport: true,
    evidence: "obsidian@1.13.1 obsidian.d.ts:4477 (class Modal), :4533 (onClose), :6861 (SuggestModal extends Modal)",
  },
  {
    id: "obsidian-modal-close-callback",
    label: "Obsidian `Modal.setCloseCallback`",
    dialog: "modal",
    site: { kind: "callback", method: "setCloseCallback", argIndex: 0 },
    when: { kind: "always" },
    packages: ["obsidian"],
    requiresImport: true,
    evidence: "obsidian@1.13.1 obsidian.d.ts:4548 (setCloseCallback(callback), since 1.10.0)",
  },
  ...(["showQuickPick", "showInputBox"] as const).map((method): DismissalEvent => ({
    id: `vscode-${method === "showQuickPick" ? "show-quick-pick" : "show-input-box"}`,
    label: `VS Code \`window.${method}\` resolving \`undefined\``,
    dialog: method === "showQuickPick" ? "quick pick" : "input box",
    site: { kind: "result", method, receiverTail: "window", minArguments: method === "showQuickPick" ? 1 : 0 },
    when: { kind: "result-undefined" },
    packages: ["vscode"],
    requiresImport: true,
    evidence:
      method === "showQuickPick"
        ? "@types/vscode@1.146.0 index.d.ts:11456 (Thenable<T | undefined>)"
        : "@types/vscode@1.146.0 index.d.ts:11496 (Thenable<string | undefined>)",
  })),
  // A message with no items is a notification: its `undefined` says nothing about a question.
  ...(["showInformationMessage", "showWarningMessage", "showErrorMessage"] as const).map((method): DismissalEvent => ({
    id: `vscode-${method.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
    label: `VS Code \`window.${method}\` with items, resolving \`undefined\``,
    dialog: "message",
    site: { kind: "result", method, receiverTail: "window", minArguments: 2 },
    when: { kind: "result-undefined" },
    packages: ["vscode"],
    requiresImport: true,
    evidence: `@types/vscode@1.146.0 index.d.ts:${{ showInformationMessage: 11288, showWarningMessage: 11333, showErrorMessage: 11379 }[method]} ("resolves to the selected item or \`undefined\` when being dismissed")`,
  })),
  {
    id: "vscode-quick-input-on-did-hide",
    label: "VS Code `QuickPick.onDidHide` / `InputBox.onDidHide`",
    dialog: "quick pick",
    site: { kind: "callback", method: "onDidHide", argIndex: 0, factories: ["createQuickPick", "createInputBox"] },
    when: { kind: "always" },
    packages: ["vscode"],
    requiresImport: true,
    evidence:
      "@types/vscode@1.146.0 index.d.ts:13150 (onDidHide: Esc, hide(), another input), :13199 (onDidAccept), :11507, :11518 (createQuickPick, createInputBox)",
  },
  {
    id: "radix-dialog-on-open-change",
    label: "Radix / shadcn `Dialog`, `AlertDialog` `onOpenChange(false)`",
    dialog: "dialog",
    // shadcn/ui re-exports the Radix roots from the project's own `components/ui`: the tag, not the import, ties it.
    site: {
      kind: "jsx-prop",
      elements: [
        "Dialog",
        "AlertDialog",
        "Sheet",
        "Drawer",
        "DialogRoot",
        "AlertDialogRoot",
        "Dialog.Root",
        "AlertDialog.Root",
        "DialogPrimitive.Root",
        "AlertDialogPrimitive.Root",
      ],
      prop: "onOpenChange",
    },
    when: { kind: "parameter-false", index: 0 },
    packages: ["@radix-ui/react-dialog", "@radix-ui/react-alert-dialog", "radix-ui", "vaul"],
    requiresImport: false,
    evidence:
      "@radix-ui/react-dialog@1.3.1 dist/index.d.ts:13–21 (DialogProps.onOpenChange(open: boolean), Root), @radix-ui/react-alert-dialog@1.2.1 dist/index.d.ts:7",
  },
  {
    id: "react-dialog-on-close",
    label: "MUI / Headless UI `Dialog`, `Modal` `onClose`",
    dialog: "dialog",
    site: { kind: "jsx-prop", elements: ["Dialog", "Modal", "Drawer"], prop: "onClose" },
    when: { kind: "always" },
    packages: ["@mui/material", "@headlessui/react"],
    requiresImport: false,
    evidence:
      '@mui/material@9.6.0 Modal/Modal.d.ts:101–107 (onClose(event, reason): "escapeKeyDown" | "backdropClick"), Dialog/Dialog.d.ts:116; @headlessui/react@2.2.10 dist/components/dialog/dialog.d.ts:13 (onClose(false))',
  },
  {
    id: "ink-use-input-escape",
    label: "Ink `useInput` with `key.escape`",
    dialog: "prompt",
    site: { kind: "callback", method: "useInput", argIndex: 0 },
    when: { kind: "parameter-field", index: 1, field: "escape" },
    packages: ["ink"],
    requiresImport: true,
    evidence: "ink@8.0.0 build/hooks/use-input.d.ts:44 (Key.escape), :131 (useInput(handler: (input, key) => void))",
  },
  {
    id: "node-readline-close",
    label: "Node `readline` `close`",
    dialog: "prompt",
    site: { kind: "event", event: "close", factories: ["createInterface"] },
    when: { kind: "always" },
    packages: ["readline", "node:readline", "readline/promises", "node:readline/promises"],
    requiresImport: false,
    evidence: "@types/node@20.19.43 readline.d.ts:272 (on('close')), :420–426 (createInterface)",
  },
  {
    id: "discord-collector-end",
    label: "discord.js collector `end` without a collected interaction",
    dialog: "message",
    site: { kind: "event", event: "end", factories: ["createMessageComponentCollector", "InteractionCollector"] },
    when: { kind: "parameter-empty", index: 0 },
    packages: ["discord.js"],
    requiresImport: true,
    evidence:
      "discord.js@14.28.1 typings/index.d.ts:1334 (end: [collected, reason]), :2527 (createMessageComponentCollector)",
  },
  {
    id: "slack-bolt-view-closed",
    label: "Slack Bolt `view_closed`",
    dialog: "modal",
    site: { kind: "route", method: "view", field: "type", value: "view_closed" },
    when: { kind: "always" },
    packages: ["@slack/bolt"],
    requiresImport: true,
    evidence:
      "@slack/bolt@5.1.0 dist/App.d.ts:205 (view(constraints, …listeners)), dist/types/view/index.d.ts:7–10 (ViewConstraints.type), :66 (ViewClosedAction)",
  },
];

/**
 * A dialog that only its caller can close, through a cancellation token it is handed: shown with the option that
 * keeps it open when focus leaves (`ignoreFocusOut`) and no token, it stays up after the turn that asked is
 * cancelled, and a later click answers a question nobody is waiting for any more.
 */
export interface ClosableDialog {
  readonly method: string;
  readonly receiverTail: string;
  /** What the person sees, as messages name it. */
  readonly dialog: string;
  readonly optionsArgIndex: number;
  /** The option that keeps the dialog open when focus moves away (to the stop button, say). */
  readonly keepOpenOption: string;
  /** The argument that closes the dialog when cancelled. */
  readonly tokenArgIndex: number;
  readonly packages: readonly string[];
  readonly evidence: string;
}

export const CLOSABLE_DIALOGS: readonly ClosableDialog[] = [
  {
    method: "showQuickPick",
    receiverTail: "window",
    dialog: "quick pick",
    optionsArgIndex: 1,
    keepOpenOption: "ignoreFocusOut",
    tokenArgIndex: 2,
    packages: ["vscode"],
    evidence:
      "@types/vscode@1.146.0 index.d.ts:11436, :11456 (showQuickPick(items, options?, token?)), :2030 (QuickPickOptions.ignoreFocusOut)",
  },
  {
    method: "showInputBox",
    receiverTail: "window",
    dialog: "input box",
    optionsArgIndex: 0,
    keepOpenOption: "ignoreFocusOut",
    tokenArgIndex: 1,
    packages: ["vscode"],
    evidence:
      "@types/vscode@1.146.0 index.d.ts:11496 (showInputBox(options?, token?)), :2275 (InputBoxOptions.ignoreFocusOut)",
  },
];
