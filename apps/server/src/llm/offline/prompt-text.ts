import type { LanguageModelV3Message, LanguageModelV3Prompt } from '@ai-sdk/provider';

/** The plain text of one prompt message (system text, or the text parts of a user or assistant turn). */
export function textOf(message: LanguageModelV3Message | undefined): string {
  if (!message || message.role === 'tool') return '';
  if (message.role === 'system') return message.content;
  return message.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('')
    .trim();
}

/** Tool results of the last tool message, by tool name (the offline scripts continue from them). */
export function lastToolResults(prompt: LanguageModelV3Prompt): Array<{ toolName: string; value: Record<string, unknown> }> {
  const last = prompt.at(-1);
  if (last?.role !== 'tool') return [];
  return last.content.flatMap((part) =>
    part.type === 'tool-result' && part.output.type === 'json' && typeof part.output.value === 'object' && part.output.value !== null
      ? [{ toolName: part.toolName, value: part.output.value as Record<string, unknown> }]
      : [],
  );
}
