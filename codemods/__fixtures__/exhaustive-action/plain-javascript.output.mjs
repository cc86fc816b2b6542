// Plain JavaScript: the `never` check of the default branch becomes a JSDoc cast.
export async function confirm(server) {
  const result = await server.elicitInput({ message: "Proceed?", requestedSchema: { type: "object", properties: {} } });
  switch (result.action) {
    case "accept": {
      return "yes";
    }
    case "decline": {
      // decline: the user saw the question and said no
      return "no";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return "no";
    }
  }
}
