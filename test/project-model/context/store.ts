// The application keeps each request's signal in an AsyncLocalStorage, and hands it out through a helper.
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestContext {
  signal: AbortSignal;
  user: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentSignal(): AbortSignal | undefined {
  return requestContext.getStore()?.signal;
}
