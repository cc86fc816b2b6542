// Plain JavaScript: the `never` check of the default branch becomes a JSDoc cast.
export async function confirm(server) {
  const result = await server.elicitInput({ message: "Proceed?", requestedSchema: { type: "object", properties: {} } });
  if (result.action === "accept") {
    return "yes";
  } else {
    return "no";
  }
}
