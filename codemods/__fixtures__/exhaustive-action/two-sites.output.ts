import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;
declare function log(line: string): void;

export async function renameAndTag(): Promise<void> {
  const rename = await server.elicitInput({
    message: "New name?",
    requestedSchema: { type: "object", properties: { name: { type: "string" } } },
  });
  switch (rename.action) {
    case "accept": {
      log(`renamed to ${String(rename.content?.name)}`);
      break;
    }
    case "decline": {
      // decline: the user saw the question and said no
      log("name kept");
      break;
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      log("name kept");
    }
  }

  const tag = await server.elicitInput({
    message: "Tag it?",
    requestedSchema: { type: "object", properties: { tag: { type: "string" } } },
  });
  switch (tag.action) {
    case "accept": {
      log(`tagged ${String(tag.content?.tag)}`);
      break;
    }
    case "decline": {
      // decline: the user saw the question and said no
      log("no tag");
      break;
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      log("no tag");
    }
  }
}
