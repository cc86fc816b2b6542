// An `elicit(message, schema)` from no known package (the SDK's task examples define their own): which options it
// takes, if any, is unknown, so the codemod must not invent a third argument.
declare const taskSession: {
  elicit(message: string, requestedSchema: object): Promise<{ action: string }>;
};

export async function confirmDelete(filename: string): Promise<string> {
  const result = await taskSession.elicit(`Delete '${filename}'?`, { type: "object", properties: {} });
  return result.action;
}
