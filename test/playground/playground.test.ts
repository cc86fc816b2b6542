/**
 * The playground in a real browser: headless Chromium (Debian's `chromium`; CHROMIUM_PATH names another), driven over
 * the DevTools protocol by playwright-core, loads the built page (dist/playground/, which this project's global setup
 * builds with `npm run build:playground`) from a static server on 127.0.0.1, with the code in the URL. The findings it
 * shows are held to the samples' hand-written markers and to ESLint's Node API on the same code; a suggestion is
 * applied by clicking its button. Skipped, loudly, only where no Chromium is installed.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Linter } from "eslint";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import plugin from "../../index.ts";
import { REPO_ROOT } from "../support/paths.ts";
import { readRuleDoc } from "../support/rule-pages.mts";
import { BUGGY_SERVER, STRICT_ONLY, SYNTAX_ERROR, expectedFindings, sortFindings } from "../support/samples.ts";

const DIST = path.join(REPO_ROOT, "dist", "playground");

/** The Chromium to drive: CHROMIUM_PATH, else the first of Debian's and Google's names on the PATH. */
function findChromium(): string | null {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"]) {
    const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  return null;
}

const CHROMIUM = findChromium();
if (!CHROMIUM)
  console.warn(
    "\n\n*** playground.test.ts: SKIPPED: no Chromium is installed (Debian: apt-get install -y chromium; or set " +
      "CHROMIUM_PATH) ***\n\n",
  );

/** The page's code parameter: base64url of the UTF-8 text, as playground/src/share.ts writes it. */
const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

/** ESLint's Node API on `code` with one of the plugin's configs, as the page's Linter should see it. */
function eslintMessages(code: string, config: "recommended" | "strict", filename = "snippet.ts"): Linter.LintMessage[] {
  return new Linter({ configType: "flat" }).verify(code, [plugin.configs[config]], { filename });
}

/** Serves dist/playground/ as any static server would. */
function serveDist(): Promise<http.Server> {
  const types: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    const file = path.join(DIST, pathname.endsWith("/") ? `${pathname}index.html` : pathname);
    if (!file.startsWith(DIST) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** The little of the page's DOM that the test reads inside the page. */
interface HTMLPage {
  body: { dataset: Record<string, string | undefined> };
}

interface ShownFinding {
  ruleId: string;
  line: number;
  column: number;
  message: string;
  suggestions: string[];
}

describe.skipIf(CHROMIUM === null)("the playground in headless Chromium", () => {
  let browser: Browser;
  let server: http.Server;
  let origin: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await serveDist();
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // As root (CI), Chromium's sandbox refuses to start.
    browser = await chromium.launch({ executablePath: CHROMIUM!, args: ["--no-sandbox"] });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** A new page at `hash`, once it has linted. */
  async function open(hash: string): Promise<Page> {
    const page = await browser.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(`${origin}/${hash}`);
    await page.waitForSelector("body[data-linted]");
    return page;
  }

  /** Runs `action` and waits for the page to lint again. */
  async function andLinted(page: Page, action: () => Promise<unknown>): Promise<void> {
    const before = await page.getAttribute("body", "data-linted");
    await action();
    // Runs in the page, where `document` is the page's (this file is type-checked without the DOM library).
    const linted = () => (globalThis as unknown as { document: HTMLPage }).document.body.dataset.linted;
    await page.waitForFunction(`(${linted.toString()})() !== ${JSON.stringify(before)}`);
  }

  function shownFindings(page: Page): Promise<ShownFinding[]> {
    return page.$$eval("#findings [data-rule-id]", (items) =>
      items.map((item) => ({
        ruleId: item.getAttribute("data-rule-id")!,
        line: Number(item.getAttribute("data-line")),
        column: Number(item.getAttribute("data-column")),
        message: item.querySelector(".message")!.textContent!,
        suggestions: [...item.querySelectorAll("button.suggestion")].map((button) => button.textContent!),
      })),
    );
  }

  const asShown = (messages: Linter.LintMessage[]): ShownFinding[] =>
    messages.map((message) => ({
      ruleId: message.ruleId!,
      line: message.line,
      column: message.column,
      message: message.message,
      suggestions: (message.suggestions ?? []).map((suggestion) => suggestion.desc),
    }));

  it("shows the findings of the code in the URL: the samples' markers, with ESLint's messages and suggestions", async () => {
    const page = await open(`#code=${base64url(BUGGY_SERVER)}`);
    const shown = await shownFindings(page);
    expect(sortFindings(shown)).toEqual(expectedFindings(BUGGY_SERVER));
    expect(shown).toEqual(asShown(eslintMessages(BUGGY_SERVER, "recommended")));
    expect(await page.inputValue("#code")).toBe(BUGGY_SERVER);
    expect(await page.textContent("#count")).toBe(`(${shown.length})`);
    await page.close();
  });

  it("links each finding to its rule's page", async () => {
    const page = await open(`#code=${base64url(BUGGY_SERVER)}`);
    const links = await page.$$eval("#findings [data-rule-id]", (items) =>
      items.map((item) => [item.getAttribute("data-rule-id"), item.querySelector("a.rule")?.getAttribute("href")]),
    );
    expect(links.length).toBeGreaterThan(0);
    for (const [ruleId, href] of links) {
      const name = ruleId!.replace("elicitation/", "") as keyof typeof plugin.rules;
      expect(href).toBe(plugin.rules[name].meta!.docs!.url);
    }
    await page.close();
  });

  it("applies a suggestion when its button is clicked, and keeps the new code in the URL", async () => {
    const page = await open(`#code=${base64url(BUGGY_SERVER)}`);
    const finding = eslintMessages(BUGGY_SERVER, "recommended").find(
      (message) => message.ruleId === "elicitation/exhaustive-action",
    )!;
    const { fix, desc } = finding.suggestions![0]!;
    const expected = BUGGY_SERVER.slice(0, fix.range[0]) + fix.text + BUGGY_SERVER.slice(fix.range[1]);
    expect(expected).toContain('case "cancel"');
    const button = page.locator('[data-rule-id="elicitation/exhaustive-action"] button.suggestion');
    expect(await button.textContent()).toBe(desc);
    await andLinted(page, () => button.click());
    expect(await page.inputValue("#code")).toBe(expected);
    const code = new URL(page.url()).hash.match(/code=([\w-]+)/)![1]!;
    expect(Buffer.from(code, "base64url").toString("utf8")).toBe(expected);
    const after = await shownFindings(page);
    expect(after.map((shown) => shown.ruleId)).not.toContain("elicitation/exhaustive-action");
    expect(after).toEqual(asShown(eslintMessages(expected, "recommended")));
    // A suggestion is a step in the history: Back brings the code before it.
    await page.goBack();
    await page.waitForFunction(`document.getElementById("code").value.includes('if (result.action === "accept")')`);
    expect(await page.inputValue("#code")).toBe(BUGGY_SERVER);
    await page.close();
  });

  it("lints with the config chosen, from the URL or the menu", async () => {
    const page = await open(`#code=${base64url(STRICT_ONLY)}`);
    expect(await page.inputValue("#config")).toBe("recommended");
    expect(await shownFindings(page)).toEqual([]);
    expect(await page.isVisible("#no-findings")).toBe(true);
    await andLinted(page, () => page.selectOption("#config", "strict"));
    expect(sortFindings(await shownFindings(page))).toEqual(expectedFindings(STRICT_ONLY, "strict"));
    expect(page.url()).toContain("config=strict");
    await page.close();
    const shared = await open(`#code=${base64url(STRICT_ONLY)}&config=strict`);
    expect(await shownFindings(shared)).toEqual(asShown(eslintMessages(STRICT_ONLY, "strict")));
    await shared.close();
  });

  it("says where code does not parse", async () => {
    const page = await open(`#code=${base64url(SYNTAX_ERROR)}`);
    expect(await shownFindings(page)).toEqual([]);
    const [fatal] = eslintMessages(SYNTAX_ERROR, "recommended");
    expect(await page.textContent("#findings .parse-error")).toBe(`${fatal!.line}:${fatal!.column} ${fatal!.message}`);
    await page.close();
  });

  it("opens every rule page's ❌/✅ examples in one click, each checked by its rule alone", async () => {
    const page = await open("");
    const links = await page.$$eval("a.example", (anchors) =>
      anchors.map((anchor) => ({
        rule: anchor.closest("[data-rule]")!.getAttribute("data-rule")!,
        label: anchor.getAttribute("data-label"),
      })),
    );
    const rules = Object.keys(plugin.rules).sort();
    for (const rule of rules) {
      const labels = readRuleDoc(rule)
        .examples.filter((example) => example.label !== null)
        .map((example) => example.label);
      expect(
        links.filter((link) => link.rule === rule).map((link) => link.label),
        rule,
      ).toEqual(labels);
    }
    const labelled = readRuleDoc("exhaustive-action").examples.filter((example) => example.label !== null);
    const firstIndex = labelled.findIndex((example) => example.label === "❌");
    const first = labelled[firstIndex]!;
    await andLinted(page, () => page.locator('[data-rule="exhaustive-action"] a.example').nth(firstIndex).click());
    expect(await page.inputValue("#code")).toBe(first.code);
    expect(await page.textContent("#only-rule")).toBe("elicitation/exhaustive-action");
    const shown = await shownFindings(page);
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown.map((finding) => finding.ruleId))).toEqual(new Set(["elicitation/exhaustive-action"]));
    await page.close();
    // A rule page's "try it" link: `#example=<rule>/<n>`.
    const fromPage = await open(`#example=exhaustive-action/${firstIndex + 1}`);
    expect(await fromPage.inputValue("#code")).toBe(first.code);
    expect(fromPage.url()).toContain(`code=${base64url(first.code)}`);
    await fromPage.close();
  });

  it("raised no error in any page", () => {
    expect(pageErrors).toEqual([]);
  });
});
