// Contrast: the quick pick is handed a token, and the stop command cancels it before it cancels the turn.
import * as vscode from "vscode";
import { ClientSideConnection, type RequestPermissionRequest, type Stream } from "@agentclientprotocol/sdk";

let prompts = new vscode.CancellationTokenSource();

export class TokenPickerClient {
  async requestPermission(params: RequestPermissionRequest) {
    const items = params.options.map((option) => ({ label: option.name, optionId: option.optionId }));
    const pick = await vscode.window.showQuickPick(items, { ignoreFocusOut: true }, prompts.token);
    if (pick === undefined) return { outcome: { outcome: "cancelled" as const } };
    return { outcome: { outcome: "selected" as const, optionId: pick.optionId } };
  }
}

declare const stream: Stream;
const connection = new ClientSideConnection(() => new TokenPickerClient() as never, stream);

export async function stop(sessionId: string) {
  prompts.cancel();
  prompts = new vscode.CancellationTokenSource();
  await connection.cancel({ sessionId });
}
