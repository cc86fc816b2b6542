// A package's declaration, as a typed project sees it: a function that answers with a person's answer and
// whose body, and deadline, the project cannot see.
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";

export declare function askPerson(question: string, options?: { timeout?: number }): Promise<ElicitResult>;
