import type { LanguageModelV3Prompt } from '@ai-sdk/provider';

export interface ToolResult {
  toolName: string;
  value: Record<string, unknown>;
}

/**
 * Results of the last tool message, by tool name: the offline scripts continue from them. An
 * input the tool refused (the SDK answers it as an error output) reads as `{ error }`, like a
 * refusal the tool returned itself, so the script explains it instead of calling again.
 */
export function lastToolResults(prompt: LanguageModelV3Prompt): ToolResult[] {
  const last = prompt.at(-1);
  if (last?.role !== 'tool') return [];
  return last.content.flatMap((part): ToolResult[] => {
    if (part.type !== 'tool-result') return [];
    const { output } = part;
    if (output.type === 'json' && typeof output.value === 'object' && output.value !== null)
      return [{ toolName: part.toolName, value: output.value as Record<string, unknown> }];
    if (output.type === 'error-text') return [{ toolName: part.toolName, value: { error: output.value } }];
    if (output.type === 'error-json') return [{ toolName: part.toolName, value: { error: JSON.stringify(output.value) } }];
    return [];
  });
}
