// The permission options an agent offers and its client answers: custom ids, whose words say nothing.
export const SKIP = "skip";

export const PERMISSION_OPTIONS = [
  { optionId: "run", name: "Run it", kind: "allow_once" as const },
  { optionId: SKIP, name: "Skip it", kind: "reject_once" as const },
];
