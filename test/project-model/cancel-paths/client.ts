// The ACP client: its permission handler hands every question to the store, which the chat view answers.
import type { RequestPermissionRequest } from "./acp.js";
import { permissions } from "./permission-store.js";

export class ChatClient {
  async requestPermission(params: RequestPermissionRequest) {
    return permissions.ask(params);
  }

  async sessionUpdate() {}
}
