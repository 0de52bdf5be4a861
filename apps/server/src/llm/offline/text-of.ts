import type { LanguageModelV3Message } from '@ai-sdk/provider';

/** The plain text of one prompt message (system text, or the text parts of a user or assistant turn). */
export function textOf(message: LanguageModelV3Message | undefined): string {
  if (!message || message.role === 'tool') return '';
  if (message.role === 'system') return message.content;
  return message.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('')
    .trim();
}
