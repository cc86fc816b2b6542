// A VS Code client with no store at all: the quick pick is the prompt, kept open when focus leaves, with no token.
/// <reference path="./vscode.d.ts" />
import * as vscode from "vscode";
import type { RequestPermissionRequest, RequestPermissionResponse } from "./acp.js";

export class PickerClient {
  async requestPermission(params: RequestPermissionRequest): Promise<RequestPermissionResponse> {
    const items = params.options.map((option) => ({ label: option.name, optionId: option.optionId }));
    const pick = await vscode.window.showQuickPick(items, { ignoreFocusOut: true, title: params.toolCall.title ?? "" });
    if (pick === undefined) return { outcome: { outcome: "cancelled" } };
    return { outcome: { outcome: "selected", optionId: pick.optionId } };
  }
}
