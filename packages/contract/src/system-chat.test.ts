import { describe, expect, it } from 'vitest';
import { iconNamed, paletteNamed } from './spark-looks.js';
import { systemChatQuerySchema, systemTopicParamsSchema, topicOf } from './system-chat.js';

describe('system assistant contract', () => {
  it('reads the query in the bracket form and as JSON', () => {
    const id = '0b0e8e9e-8a47-4e8e-9d2c-1a4f3f7e6d01';
    expect(systemChatQuerySchema.parse({ 'input[text]': ' Hi ', sessionId: id, 'options[sparkId]': id })).toEqual({ text: 'Hi', sessionId: id, sparkId: id });
    expect(systemChatQuerySchema.parse({ input: JSON.stringify({ text: 'Hola' }), options: JSON.stringify({ sparkId: id }), stream: 'true' })).toEqual({
      text: 'Hola',
      sparkId: id,
      stream: 'true',
    });
    expect(systemChatQuerySchema.parse({ input: 'plain words' }).text).toBe('plain words');
    expect(systemChatQuerySchema.parse({}).text).toBe('');
    expect(systemChatQuerySchema.safeParse({ 'input[text]': 'x'.repeat(4001) }).success).toBe(false);
    expect(systemChatQuerySchema.safeParse({ sessionId: 'nope' }).success).toBe(false);
    expect(systemChatQuerySchema.safeParse({ unknown: 'field' }).success).toBe(true);
  });

  it('knows the topics by their own names and by the navigation names of product.md §2', () => {
    expect(topicOf('profile-menu')).toBe('profile');
    expect(topicOf('onBoarding')).toBe('onboarding');
    expect(topicOf('new-spark')).toBe('new-spark');
    expect(topicOf('admin')).toBeUndefined();
    expect(systemTopicParamsSchema.safeParse({ sparkname: 'admin' }).success).toBe(false);
  });

  it('finds palettes and icons by name in either language, accents and case aside', () => {
    expect(paletteNamed('oceano')?.name).toBe('Ocean');
    expect(paletteNamed(' FOREST ')?.primary).toBe('#15803d');
    expect(paletteNamed('plaid')).toBeUndefined();
    expect(iconNamed('Libro')?.name).toBe('book');
    expect(iconNamed('question mark')?.name).toBe('help');
    expect(iconNamed('rocket')).toBeUndefined();
  });
});
