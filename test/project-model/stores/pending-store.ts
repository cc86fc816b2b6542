// A store module: the pending answers, imported by the code that asks and by the code that answers.
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";

export const pendingBySession = new Map<string, { resolve(answer: ElicitResult): void }>();
