/**
 * ESLint warns, through `process.emitWarning`, about the configuration it finds around its cwd: a legacy
 * `.eslintignore` (ESLintIgnoreWarning), an empty config file, an inactive feature flag (types as named in
 * eslint/lib/services/warning-service.js, ESLint 10.15.0). `check` and `migrate` bring their own config and use none of
 * the user's, so those warnings would only mislead: "Switch to using the ignores property in eslint.config.js" from a
 * command that needs no eslint.config.js. Every other warning goes through unchanged.
 */

const CONFIG_WARNING_TYPES = /^ESLint(?:IgnoreWarning|EmptyConfigWarning|InactiveFlag_)/;

/**
 * Runs `create` (which builds ESLint instances) with ESLint's configuration warnings left out. ESLint's warning
 * service keeps the `process.emitWarning` it finds when an instance is built, so the instances built here stay quiet
 * after this returns, and `process.emitWarning` is given back as it was.
 */
export async function withoutConfigWarnings<T>(create: () => T | Promise<T>): Promise<T> {
  const original = process.emitWarning;
  const filtered = (warning: string | Error, ...rest: unknown[]): void => {
    const [typeOrOptions] = rest;
    const type =
      typeof typeOrOptions === "string" ? typeOrOptions : (typeOrOptions as { type?: unknown } | undefined)?.type;
    if (typeof type === "string" && CONFIG_WARNING_TYPES.test(type)) return;
    Reflect.apply(original, process, [warning, ...rest]);
  };
  process.emitWarning = filtered as typeof process.emitWarning;
  try {
    return await create();
  } finally {
    process.emitWarning = original;
  }
}
