import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;
declare function log(line: string): void;

export async function renameAndTag(): Promise<void> {
  const rename = await server.elicitInput({
    message: "New name?",
    requestedSchema: { type: "object", properties: { name: { type: "string" } } },
  });
  if (rename.action === "accept") {
    log(`renamed to ${String(rename.content?.name)}`);
  } else {
    log("name kept");
  }

  const tag = await server.elicitInput({
    message: "Tag it?",
    requestedSchema: { type: "object", properties: { tag: { type: "string" } } },
  });
  if (tag.action === "accept") log(`tagged ${String(tag.content?.tag)}`);
  else log("no tag");
}
