// A stand-in for the part of @types/vscode@1.146.0 index.d.ts the pickers use (:11456 showQuickPick, :2030).
declare module "vscode" {
  export interface CancellationToken {
    readonly isCancellationRequested: boolean;
  }
  export class CancellationTokenSource {
    readonly token: CancellationToken;
    cancel(): void;
  }
  export namespace window {
    function showQuickPick<T>(
      items: readonly T[],
      options?: { ignoreFocusOut?: boolean; title?: string },
      token?: CancellationToken,
    ): Promise<T | undefined>;
  }
}
