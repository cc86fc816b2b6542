/** Records whose fields are worked out only when first read. Nothing here knows MCP or ACP. */

/** An object whose every field is computed by its function on first read and then kept. */
export function lazyRecord<T extends object>(compute: { readonly [K in keyof T]: () => T[K] }): T {
  const values: Partial<T> = {};
  const record = {} as T;
  for (const key of Object.keys(compute) as (keyof T)[]) {
    Object.defineProperty(record, key, {
      enumerable: true,
      get: () => (key in values ? values[key] : (values[key] = compute[key]())),
    });
  }
  return record;
}
