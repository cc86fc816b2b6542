/// <reference path="./react.d.ts" />
// A React provider that keeps one resolver in state: a second question replaces the first resolver.
import { useState } from "react";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ElicitRequestSchema, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";

export function usePrompt(client: Client) {
  const [resolver, setResolver] = useState<((answer: ElicitResult) => void) | null>(null);
  client.setRequestHandler(
    ElicitRequestSchema,
    () =>
      new Promise<ElicitResult>((resolve) => {
        setResolver(() => resolve);
      }),
  );
  return (answer: ElicitResult) => resolver?.(answer);
}

// Contrast: state that holds a toast, which waits for nobody.
export function useToast() {
  const [toast, setToast] = useState<string | null>(null);
  const show = (text: string) =>
    new Promise<void>((resolve) => {
      setToast(text);
      setTimeout(resolve, 3_000);
    });
  return { toast, show };
}
