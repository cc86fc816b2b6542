// The gateway's one connection to the upstream server, shared by every downstream session.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";

export const upstream = new Client({ name: "gateway", version: "1.0.0" }, { capabilities: { elicitation: {} } });
