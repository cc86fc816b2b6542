// The tools are registered here, away from the modules that declare them.
import { server } from "./instance.js";
import { adminTools, tools } from "./tools/index.js";

for (const t of tools) {
  server.tool(t.name, t.schema, t.handler);
}

Object.values(adminTools).forEach((t) => {
  server.registerTool(t.name, { inputSchema: t.schema }, (args, extra) => t.handler(args, extra));
});
