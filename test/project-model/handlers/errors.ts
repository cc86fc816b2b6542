// A generic wrapper: the handler it wraps is called with every argument the SDK gives.
export function withErrorHandling<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  return async (...args: A) => {
    try {
      return await fn(...args);
    } catch (error) {
      return { content: [{ type: "text" as const, text: String(error) }], isError: true };
    }
  };
}
