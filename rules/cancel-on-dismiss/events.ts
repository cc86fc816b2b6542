/**
 * The dismissal events a run applies: the built-in table (protocol/dismissals.ts) and the user's `dismissalEvents`,
 * compiled once per options object; and the words a file must hold for any of them to matter.
 */
import { escapeWord } from "../../analysis/brackets.ts";
import { configurationFacts, Fact } from "../../analysis/cached-facts.ts";
import { DISMISSAL_EVENTS, type DismissalEvent, type DismissalSite } from "../../protocol/dismissals.ts";
import type { DismissalEventOption, Options } from "./options.ts";

const COMPILED_EVENTS = new Fact<null, readonly DismissalEvent[]>(
  "the built-in dismissal events and a `dismissalEvents` list, per list",
);

/** The table's rows and the user's, in that order. */
export function eventsOf(options: Options): readonly DismissalEvent[] {
  const own = options.dismissalEvents;
  if (!own || own.length === 0) return DISMISSAL_EVENTS;
  return configurationFacts(own).remember(COMPILED_EVENTS, null, () => [...DISMISSAL_EVENTS, ...own.map(compileEvent)]);
}

function compileEvent(option: DismissalEventOption, index: number): DismissalEvent {
  const packages = option.packages ?? [];
  return {
    id: `option:${index}`,
    label: `dismissalEvents[${index}]`,
    dialog: option.dialog ?? "dialog",
    site: option.site,
    when: option.when ?? (option.site.kind === "result" ? { kind: "result-undefined" } : { kind: "always" }),
    packages,
    requiresImport: packages.length > 0,
    evidence: "the rule's `dismissalEvents` option",
  };
}

/**
 * The words a file must spell for the row to find anything in it: one word of each group. A bare `onClose` is every
 * transport's and socket's; it is a dialog's only beside a modal's base class or a dialog element's tag.
 */
function wordGroupsOf(site: DismissalSite): readonly (readonly string[])[] {
  switch (site.kind) {
    case "override":
      // A modal that does not override the method is reported too: it is the base class that matters.
      return [site.baseClasses];
    case "callback":
      return [[site.method, ...(site.factories ?? [])]];
    case "result":
      return [[site.method]];
    case "event":
      return [site.factories];
    case "jsx-prop":
      return [[site.prop], site.elements];
    case "route":
      return [[site.value]];
  }
}

const ANY_DISMISSAL_WORD = new Fact<null, RegExp>("any word of any dismissal event's groups, per list of events");

/**
 * Any word of `events` at all, as one expression: nearly every file spells none, and one search of its text then
 * answers for the two dozen words the rows name.
 */
function anyWordOf(events: readonly DismissalEvent[]): RegExp {
  return configurationFacts(events).remember(ANY_DISMISSAL_WORD, null, () => {
    const words = new Set(events.flatMap((event) => wordGroupsOf(event.site).flat()));
    return new RegExp([...words].map(escapeWord).join("|"));
  });
}

/** Whether `text` names a dismissal of one of `events`. */
export function mentionsDismissal(text: string, events: readonly DismissalEvent[]): boolean {
  if (!anyWordOf(events).test(text)) return false;
  return events.some((event) => wordGroupsOf(event.site).every((group) => group.some((word) => text.includes(word))));
}
