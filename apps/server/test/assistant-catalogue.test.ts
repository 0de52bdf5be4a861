import { describe, expect, it } from 'vitest';
import { assistantCards } from '#src/modules/assistant/assistant-cards.js';
import { DOCUMENT_TEXTS } from '#src/modules/documents/document-texts.js';
import { ASSISTANT_TEXTS } from '#src/llm/offline/assistant-texts.js';
import { OFFLINE_TEXTS } from '#src/llm/offline/offline-texts.js';

/** Every text an object of texts can produce, functions called with sample arguments (the progress text takes a number and steps). */
function textsOf(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') {
    const args = path.endsWith('progress') ? [7, ['step']] : Array.from({ length: value.length }, () => 'Velocita');
    return [[path, String((value as (...sample: unknown[]) => unknown)(...args))]];
  }
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => textsOf(child, path ? `${path}.${key}` : key));
  return [];
}

describe('the assistants’ words, read from the translation catalogue', () => {
  for (const language of ['en', 'es'] as const) {
    it(`resolves every text in ${language}: no key shown in its place, no placeholder left`, () => {
      const texts = [
        ...textsOf(ASSISTANT_TEXTS[language], 'system'),
        ...textsOf(OFFLINE_TEXTS[language], 'builder'),
        ...textsOf(DOCUMENT_TEXTS[language], 'documents'),
        ...textsOf(assistantCards(language).instructions('Velocita', 'help riders'), 'cards.instructions'),
      ];
      expect(texts.length).toBeGreaterThan(100);
      const broken = texts.filter(
        ([, text]) => /^(system|builder|documents|cards|objectives|guard)\.[\w.]+$/.test(text) || text.includes('{{') || text.trim() === '',
      );
      expect(broken).toEqual([]);
    });
  }

  it('fills the values in, unescaped, and says the same thing in each language', () => {
    expect(ASSISTANT_TEXTS.en.created('Café & <Bar>')).toBe("**Café & <Bar>** is created — you'll find it in your Sparks list.");
    expect(ASSISTANT_TEXTS.es.askLastname).toBe('¿Y tus apellidos?');
    expect(OFFLINE_TEXTS.es.progress(60, ['Sube un documento'])).toBe('Tu Spark está al 60 %. Falta:\n- Sube un documento');
    expect(OFFLINE_TEXTS.en.progress(100, [])).toBe('Your Spark is at 100 %: everything is done.');
    expect(OFFLINE_TEXTS.es.tones).toEqual(['Cercano', 'Formal', 'Conciso']);
    expect(DOCUMENT_TEXTS.es.options).toHaveLength(3);
  });
});
