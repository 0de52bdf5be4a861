import { describe, expect, it } from 'vitest';
import { lastToolResults } from './last-tool-results.js';

describe('the tool results an offline script continues from', () => {
  it('reads a refused input as a refusal, like one the tool returned itself', () => {
    const results = lastToolResults([
      { role: 'user', content: [{ type: 'text', text: 'Ada' }] },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'a', toolName: 'update_profile', output: { type: 'error-text', value: 'Invalid input: phone too long' } },
          { type: 'tool-result', toolCallId: 'b', toolName: 'show_profile', output: { type: 'json', value: { shown: true } } },
          { type: 'tool-result', toolCallId: 'c', toolName: 'show_plan', output: { type: 'text', value: 'plain' } },
        ],
      },
    ]);
    expect(results).toEqual([
      { toolName: 'update_profile', value: { error: 'Invalid input: phone too long' } },
      { toolName: 'show_profile', value: { shown: true } },
    ]);
  });

  it('has none when the last message is not the tools answering', () => {
    expect(lastToolResults([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }])).toEqual([]);
  });
});
