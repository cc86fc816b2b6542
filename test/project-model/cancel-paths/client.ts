// The ACP client: its permission handler hands every question to the store, which the chat view answers.
import type { Client, RequestPermissionRequest, SessionNotification } from "@agentclientprotocol/sdk";
import { permissions } from "./permission-store.js";

export class ChatClient implements Partial<Client> {
  async requestPermission(params: RequestPermissionRequest) {
    return permissions.ask(params);
  }

  async sessionUpdate(_params: SessionNotification) {}
}
