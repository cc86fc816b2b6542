// The part of @frontmcp/sdk the fixture uses, as its source declares it (libs/sdk/src/elicitation/elicitation.types.ts:
// ElicitResult { status }, ElicitOptions { mode, ttl }; the tool context's elicit): the package is not installed here.
declare module "@frontmcp/sdk" {
  export type ElicitStatus = "accept" | "cancel" | "decline";
  export interface ElicitResult<T = unknown> {
    status: ElicitStatus;
    content?: T;
  }
  export interface ElicitOptions {
    mode?: "form" | "url";
    ttl?: number;
    elicitationId?: string;
  }
  export abstract class ToolContext {
    protected elicit<T>(
      message: string,
      requestedSchema: { parse(value: unknown): T },
      options?: ElicitOptions,
    ): Promise<ElicitResult<T>>;
  }
}
