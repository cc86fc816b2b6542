// PLACEHOLDER: replaced by the rule's implementation (see its issue). Registered so the plugin shape is stable.
import { createRule } from "../core/create-rule.ts";

export default createRule({
  name: "no-session-keyed-pending",
  meta: {
    type: "problem",
    docs: { description: "TODO", recommended: true },
    schema: [],
    messages: {},
  },
  create() {
    return {};
  },
});
