// An event builder in another module (issue 23, false report 11): the approval request carries the call's own id back.
export interface ToolCall {
  id: string;
  name: string;
}

export function approvalEvent(call: ToolCall) {
  return { type: "approval-request" as const, approvalId: call.id, tool: call.name };
}

export function progressEvent(call: ToolCall) {
  return { type: "progress" as const, toolCallId: call.id, tool: call.name };
}
