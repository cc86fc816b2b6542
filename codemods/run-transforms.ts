/**
 * Several transforms on one file, as `migrate` runs them. Untyped, they run as one: each text is parsed once and
 * linted with every transform's rules, and every edit that overlaps no other is applied in the same pass, whichever
 * transform offers it, until no rule offers one more. Run one after another instead, each transform's passes end on
 * a text the next must parse again, and a rewrite by a later one (a deadline written into a call) can let an earlier
 * one rewrite more, so they go round again: on a 1 MB server the six transforms' passes parsed six texts where the
 * same edits together parse four, and the text they end on is the same (an edit that overlaps another waits for the
 * next pass either way). A transform that lints with type information (release-in-finally's `await using`) runs on
 * its own: typed lints are not shared, so the transforms take turns, in rounds, until a round changes nothing.
 */
import {
  CodemodInternalError,
  fixWithRules,
  ruleNameOf,
  runPlan,
  type Decide,
  type LintRules,
  type Skipped,
  type TransformPlan,
} from "./apply-suggestions.ts";
import type { CodemodOptions } from "./jscodeshift-adapter.ts";

/** A transform as the registry lists it (codemods/registry.ts). */
export interface Transform {
  readonly name: string;
  readonly plan: (options: CodemodOptions) => TransformPlan;
}

export interface TransformsOutcome {
  /** The rewritten text; the input itself when nothing changed. */
  readonly output: string;
  readonly changed: boolean;
  /** The reports left as they are in the final text, each with the transform whose rule made it. */
  readonly skipped: readonly (Skipped & { readonly transform: string })[];
  /** Edits applied, by kind: the label a transform gives (deadline's `deadline` and `signal`), else its name. */
  readonly applied: ReadonlyMap<string, number>;
  /** Helper functions the transforms added, by name. */
  readonly addedHelpers: readonly string[];
}

/** Rounds of the transforms taking turns; the second normally changes nothing. */
const MAX_ROUNDS = 4;

/**
 * Runs `transforms` on `source`, as one where none lints with types. Throws as `fixWithRules` does
 * (`CodemodSyntaxError`, `CodemodInternalError` naming the rules whose edits went wrong) and `CodemodUsageError`
 * where a transform lacks an option it needs.
 */
export function runTransforms(
  transforms: readonly Transform[],
  source: string,
  file: string,
  options: CodemodOptions,
  lint?: LintRules,
): TransformsOutcome {
  const plans = transforms.map((transform) => labelledPlan(transform, options));
  const transformOf = new Map<string, string>();
  for (const [index, plan] of plans.entries())
    for (const rule of plan.rules) if (!transformOf.has(rule.name)) transformOf.set(rule.name, transforms[index]!.name);
  const named = (skip: Skipped) => ({ ...skip, transform: transformOf.get(skip.rule) ?? "" });
  const run: Run = { plans, source, file, lint, named };
  const outcome = plans.some((plan) => plan.typed) ? inTurns(run) : together(run);
  // Counted in the transforms' order, as they are listed, whichever edit a pass applied first.
  const rank = (label: string) => plans.findIndex((plan) => plan.labels.has(label));
  const applied = new Map([...outcome.applied].sort(([a], [b]) => rank(a) - rank(b)));
  return { ...outcome, applied };
}

/** One file's run of the transforms' plans. */
interface Run {
  readonly plans: readonly TransformPlan[];
  readonly source: string;
  readonly file: string;
  readonly lint: LintRules | undefined;
  /** A skip, with the transform whose rule made it. */
  readonly named: (skip: Skipped) => Skipped & { transform: string };
}

interface LabelledPlan extends TransformPlan {
  /** The labels its edits were counted under so far. */
  readonly labels: Set<string>;
}

/** The plan with each edit labelled: the transform's own label, else its name, so that every edit is counted. */
function labelledPlan(transform: Transform, options: CodemodOptions): LabelledPlan {
  const plan = transform.plan(options);
  const labels = new Set<string>();
  const decide: Decide = (problem, sourceCode) => {
    const decision = plan.decide(problem, sourceCode);
    if (!("edit" in decision)) return decision;
    const label = decision.label ?? transform.name;
    labels.add(label);
    return { edit: decision.edit, label };
  };
  return { ...plan, decide, labels };
}

function together({ plans, source, file, lint, named }: Run): TransformsOutcome {
  const planOf = new Map(plans.flatMap((plan) => plan.rules.map((rule) => [rule.name, plan] as const)));
  const decide: Decide = (problem, sourceCode) => planOf.get(ruleNameOf(problem))!.decide(problem, sourceCode);
  const outcome = fixWithRules(
    source,
    file,
    plans.flatMap((plan) => plan.rules),
    decide,
    // The rules that write numbers (deadline) write them for the project's `ecmaVersion`; the others read any.
    { ecmaVersion: plans.find((plan) => plan.ecmaVersion !== undefined)?.ecmaVersion, lint },
  );
  const helpers = outcome.changed ? plans.flatMap((plan) => plan.addedHelpers?.(source, outcome.output) ?? []) : [];
  return {
    output: outcome.output,
    changed: outcome.changed,
    skipped: outcome.skipped.map(named),
    applied: new Map(Object.entries(outcome.appliedByLabel ?? {})),
    addedHelpers: [...new Set(helpers)],
  };
}

function inTurns({ plans, source, file, lint, named }: Run): TransformsOutcome {
  let text = source;
  const applied = new Map<string, number>();
  const helpers = new Set<string>();
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    const skipped: Skipped[] = [];
    let changedThisRound = false;
    for (const plan of plans) {
      const outcome = runPlan(plan, text, file, lint);
      skipped.push(...outcome.skipped);
      // A file too large to rewrite is said once, whichever transform said it.
      if (outcome.skipped.some((skip) => skip.wholeFile))
        return { output: source, changed: false, skipped: skipped.map(named), applied, addedHelpers: [] };
      if (!outcome.changed) continue;
      text = outcome.output;
      changedThisRound = true;
      for (const [label, count] of Object.entries(outcome.appliedByLabel ?? {}))
        applied.set(label, (applied.get(label) ?? 0) + count);
      for (const helper of outcome.addedHelpers ?? []) helpers.add(helper);
    }
    if (!changedThisRound) {
      const sorted = skipped.sort((a, b) => a.line - b.line || a.column - b.column);
      return {
        output: text,
        changed: text !== source,
        skipped: sorted.map(named),
        applied,
        addedHelpers: [...helpers],
      };
    }
  }
  throw new CodemodInternalError(
    file,
    `the transforms kept rewriting each other's output after ${MAX_ROUNDS} rounds; file left as it was`,
    plans.flatMap((plan) => plan.rules.map((rule) => rule.name)),
  );
}
