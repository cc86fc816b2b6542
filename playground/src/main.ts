/**
 * The playground page: an editor, the findings of the plugin's rules with their messages, rule links and a button
 * per suggestion, a config choice, the code kept in the URL, and the rule pages' examples a click away.
 */
import "../shims/process.ts";
import examples from "virtual:rule-examples";
import type { Linter } from "eslint";
import { applyFix, CONFIG_NAMES, lint, RULE_NAMES, ruleDescription, ruleDocsUrl, type ConfigName } from "./lint.ts";
import { DEFAULT_FILENAME, parseHash, stateToHash, type State } from "./share.ts";
import "./style.css";

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const codeInput = element<HTMLTextAreaElement>("code");
const gutter = element<HTMLPreElement>("gutter");
const configSelect = element<HTMLSelectElement>("config");
const filenameInput = element<HTMLInputElement>("filename");
const findingsList = element<HTMLUListElement>("findings");

const STARTER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

const server = new McpServer({ name: "deploy", version: "1.0.0" });

server.registerTool("deploy", { description: "Deploy a branch" }, async (_args, extra) => {
  const answer = await server.server.elicitInput({
    message: "Deploy main?",
    requestedSchema: { type: "object", properties: {} },
  });
  if (answer.action === "accept") {
    return { content: [{ type: "text", text: "Deploying main." }] };
  } else {
    return { content: [{ type: "text", text: "Not deploying." }] };
  }
});
`;

let state: State = { code: STARTER, config: "recommended", filename: DEFAULT_FILENAME, rule: null };

/** The hash a rule page's example opens: `#example=<rule>/<n>`, n counting that page's labelled examples from 1. */
function exampleState(reference: string): State | null {
  const [rule, number] = reference.split("/");
  const example = examples.filter((candidate) => candidate.rule === rule)[Number(number) - 1];
  if (!example) return null;
  return { code: example.code, config: "recommended", filename: DEFAULT_FILENAME, rule: example.rule };
}

function stateFromLocation(): State {
  const { state: fromHash, example } = parseHash(location.hash);
  const opened = example ? exampleState(example) : null;
  if (opened) return opened;
  return {
    code: fromHash.code ?? STARTER,
    config: fromHash.config ?? "recommended",
    filename: fromHash.filename ?? DEFAULT_FILENAME,
    rule: fromHash.rule && RULE_NAMES.includes(fromHash.rule) ? fromHash.rule : null,
  };
}

function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Selects a finding's range in the editor. */
function reveal(message: Linter.LintMessage): void {
  const lines = state.code.split("\n");
  const offset = (line: number, column: number) =>
    lines.slice(0, line - 1).reduce((total, text) => total + text.length + 1, 0) + column - 1;
  const start = offset(message.line, message.column);
  const end = message.endLine ? offset(message.endLine, message.endColumn ?? message.column) : start;
  codeInput.focus();
  codeInput.setSelectionRange(start, end);
}

function renderFinding(message: Linter.LintMessage): HTMLLIElement {
  if (!message.ruleId) {
    const kind = message.fatal ? "parse-error" : "notice";
    return make("li", { class: `problem ${kind}` }, `${message.line}:${message.column} ${message.message}`);
  }
  const item = make("li", {
    class: "finding",
    "data-rule-id": message.ruleId,
    "data-line": String(message.line),
    "data-column": String(message.column),
  });
  const position = make("button", { type: "button", class: "position", title: "Select in the editor" });
  position.textContent = `${message.line}:${message.column}`;
  position.addEventListener("click", () => reveal(message));
  const url = ruleDocsUrl(message.ruleId);
  const rule = url
    ? make("a", { class: "rule", href: url, target: "_blank", rel: "noopener" }, message.ruleId)
    : make("span", { class: "rule" }, message.ruleId);
  item.append(position, make("span", { class: "message" }, message.message), rule);
  if (message.suggestions?.length) {
    const suggestions = make("div", { class: "suggestions" });
    message.suggestions.forEach((suggestion, index) => {
      const button = make(
        "button",
        { type: "button", class: "suggestion", "data-suggestion-index": String(index) },
        suggestion.desc,
      );
      button.addEventListener("click", () => update({ code: applyFix(state.code, suggestion.fix) }, true));
      suggestions.append(button);
    });
    item.append(suggestions);
  }
  return item;
}

function render(): void {
  if (codeInput.value !== state.code) codeInput.value = state.code;
  configSelect.value = state.config;
  filenameInput.value = state.filename;
  const only = element("only");
  only.hidden = state.rule === null;
  element("only-rule").textContent = state.rule ? `elicitation/${state.rule}` : "";
  gutter.textContent = state.code
    .split("\n")
    .map((_, index) => index + 1)
    .join("\n");
  let messages: Linter.LintMessage[];
  try {
    messages = lint(state);
  } catch (error) {
    messages = [{ ruleId: null, fatal: true, severity: 2, line: 1, column: 1, message: String(error) }];
  }
  findingsList.replaceChildren(...messages.map(renderFinding));
  const findings = messages.filter((message) => message.ruleId).length;
  element("count").textContent = `(${findings})`;
  element("no-findings").hidden = messages.length > 0;
  document.body.dataset.linted = String(Number(document.body.dataset.linted ?? "0") + 1);
}

/** Changes the state, lints, and records it in the URL (a new history entry when `step`, as a suggestion is). */
function update(change: Partial<State>, step = false): void {
  state = { ...state, ...change };
  const hash = stateToHash(state);
  if (hash !== location.hash) history[step ? "pushState" : "replaceState"](null, "", hash);
  render();
}

function renderExamples(): void {
  const nav = element("examples");
  for (const rule of RULE_NAMES) {
    const group = make("div", { class: "example-group", "data-rule": rule });
    const heading = make("h3", { title: ruleDescription(rule) });
    const url = ruleDocsUrl(`elicitation/${rule}`);
    heading.append(url ? make("a", { href: url, target: "_blank", rel: "noopener" }, rule) : rule);
    group.append(heading);
    const links = make("p", { class: "example-links" });
    examples
      .filter((example) => example.rule === rule)
      .forEach((example, index) => {
        const opened = exampleState(`${rule}/${index + 1}`)!;
        const title = example.code.split("\n").find((line) => line.trim() !== "") ?? "";
        links.append(
          make(
            "a",
            { class: "example", href: stateToHash(opened), "data-label": example.label, title },
            `${example.label} ${index + 1}`,
          ),
          " ",
        );
      });
    group.append(links);
    nav.append(group);
  }
}

function renderVersions(): void {
  const { plugin, eslint, parser, typescript } = __PLAYGROUND_VERSIONS__;
  element("versions").textContent =
    `eslint-plugin-elicitation ${plugin} · ESLint ${eslint} · @typescript-eslint/parser ${parser} · TypeScript ${typescript}` +
    " · no type information, as in an editor without a tsconfig";
}

for (const name of CONFIG_NAMES) configSelect.append(make("option", { value: name }, name));
configSelect.addEventListener("change", () => update({ config: configSelect.value as ConfigName }));
filenameInput.addEventListener("change", () => update({ filename: filenameInput.value.trim() || DEFAULT_FILENAME }));
element("all-rules").addEventListener("click", () => update({ rule: null }));
let pending: ReturnType<typeof setTimeout> | undefined;
codeInput.addEventListener("input", () => {
  clearTimeout(pending);
  pending = setTimeout(() => update({ code: codeInput.value }), 200);
});
codeInput.addEventListener("scroll", () => {
  gutter.scrollTop = codeInput.scrollTop;
});
element("copy-link").addEventListener("click", () => {
  void navigator.clipboard?.writeText(location.href);
});
/** A link followed (an example), or Back and Forward across the entries a suggestion made. */
function followLocation(): void {
  state = stateFromLocation();
  const hash = stateToHash(state);
  if (hash !== location.hash) history.replaceState(null, "", hash);
  render();
}
window.addEventListener("hashchange", followLocation);
window.addEventListener("popstate", followLocation);

renderVersions();
renderExamples();
state = stateFromLocation();
if (location.hash) history.replaceState(null, "", stateToHash(state));
render();
