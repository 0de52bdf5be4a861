import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@sparks/contract';

type Tree = { [key: string]: string | Tree };

const locales = new URL('../../public/locales/', import.meta.url);

/** Every namespace of the catalogue: the screens' texts and the assistants' (which the server reads). */
const NAMESPACES = readdirSync(new URL('en/', locales)).filter((file) => file.endsWith('.json'));

function load(language: string, namespace: string): Tree {
  return JSON.parse(readFileSync(new URL(`${language}/${namespace}`, locales), 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [nested, text] of flatten(value, path)) entries.set(nested, text);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe.each(NAMESPACES)('translations in %s', (namespace) => {
  const english = flatten(load('en', namespace));

  it('has English, the source of truth, with no empty text', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(['translation.json', 'assistant.json']));
    expect(english.size).toBeGreaterThan(0);
    for (const [key, text] of english) expect(text.trim(), key).not.toBe('');
  });

  for (const language of LANGUAGES.filter((code) => code !== 'en')) {
    describe(language, () => {
      const translated = flatten(load(language, namespace));

      it('has every English key', () => {
        const missing = [...english.keys()].filter((key) => !translated.has(key));
        expect(missing, `missing in ${language}`).toEqual([]);
      });

      it('has no key English lacks', () => {
        const extra = [...translated.keys()].filter((key) => !english.has(key));
        expect(extra, `only in ${language}`).toEqual([]);
      });

      it('keeps every placeholder and leaves no text empty', () => {
        for (const [key, text] of english) {
          const other = translated.get(key) ?? '';
          expect(other.trim(), key).not.toBe('');
          expect(placeholders(other), key).toEqual(placeholders(text));
        }
      });
    });
  }
});
