/** What the offline script says in one step, and the tools it calls, in order. */
export interface ScriptStep {
  text: string;
  toolCalls: Array<{ toolName: string; input: Record<string, unknown> }>;
}
