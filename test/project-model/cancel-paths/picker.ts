// A VS Code client with no store at all: the quick pick is the prompt, kept open when focus leaves, with no token.
import * as vscode from "vscode";
import type { RequestPermissionRequest, RequestPermissionResponse } from "@agentclientprotocol/sdk";

export class PickerClient {
  async requestPermission(params: RequestPermissionRequest): Promise<RequestPermissionResponse> {
    const items = params.options.map((option) => ({ label: option.name, optionId: option.optionId }));
    const pick = await vscode.window.showQuickPick(items, { ignoreFocusOut: true, title: params.toolCall.title ?? "" });
    if (pick === undefined) return { outcome: { outcome: "cancelled" } };
    return { outcome: { outcome: "selected", optionId: pick.optionId } };
  }
}
