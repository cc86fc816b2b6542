/** The shape of `paths --json` for MCP servers, as docs/testing.md documents it: one entry per tool. */
export interface JsonPath {
  path: string;
  ended: boolean | null;
  outcome: string;
  ms: number;
  withdrawn: boolean;
  held: string[] | null;
  hint: string | null;
  invalidContent: { violates: string; accepted: boolean } | null;
}

export type JsonReport = Array<{
  tool: string;
  arguments: Record<string, unknown>;
  questions: number;
  paths: JsonPath[];
}>;
