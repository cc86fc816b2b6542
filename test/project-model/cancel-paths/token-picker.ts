// Contrast: the quick pick is handed a token, and the stop command cancels it before it cancels the turn.
/// <reference path="./vscode.d.ts" />
import * as vscode from "vscode";
import { connectAgent, type RequestPermissionRequest } from "./acp.js";

let prompts = new vscode.CancellationTokenSource();

export class TokenPickerClient {
  async requestPermission(params: RequestPermissionRequest) {
    const items = params.options.map((option) => ({ label: option.name, optionId: option.optionId }));
    const pick = await vscode.window.showQuickPick(items, { ignoreFocusOut: true }, prompts.token);
    if (pick === undefined) return { outcome: { outcome: "cancelled" as const } };
    return { outcome: { outcome: "selected" as const, optionId: pick.optionId } };
  }
}

const connection = connectAgent(new TokenPickerClient());

export async function stop(sessionId: string) {
  prompts.cancel();
  prompts = new vscode.CancellationTokenSource();
  await connection.cancel({ sessionId });
}
