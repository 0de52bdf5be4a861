import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '@sparks/contract';
import type { Frame, Page } from 'playwright-core';
import { frameTexts, loaderTexts } from '../../packages/widget/src/widget-texts';

const LOCALES = join(import.meta.dirname, '..', '..', 'apps', 'web', 'public', 'locales');

/** Names that read the same in both languages: the product's, its plans', other products'. */
const PROPER_NAMES = ['Sparks', 'Spark', 'SharePoint', 'WordPress', 'Microsoft', 'Google', 'Stripe', 'Ruby', 'Emerald', 'zaphire', 'Zaphire', 'PDF', 'Word'];

/**
 * Words an English sentence can hardly do without and a Spanish one never uses: they catch English
 * the locales do not hold (a server's message, a hard-coded label).
 */
const ENGLISH_WORDS =
  /(?<![\p{L}\p{N}@./-])(the|your|you|and|with|what|which|here|this|is|are|of|to|it|for|now|please|choose|see|back|trial|free|month|paste|code)(?![\p{L}\p{N}])/giu;

type Texts = Record<string, unknown>;

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** Each translatable text of one language, keyed by where it is, widget texts included. */
function textsOf(language: Language): Map<string, string[]> {
  const read = (file: string) => JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as Texts;
  const sources: Record<string, unknown> = { translation: read('translation.json'), assistant: read('assistant.json') };
  // The widget's texts are functions of a name or a count: called with a placeholder, they give their words.
  const call = (value: unknown): unknown =>
    typeof value === 'function'
      ? (value as (...args: unknown[]) => string)('{{x}}')
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, call(item)]))
        : value;
  sources.widget = call({ ...frameTexts(language), ...loaderTexts(language) });
  const keyed = new Map<string, string[]>();
  const walk = (value: unknown, key: string) => {
    if (value && typeof value === 'object' && !Array.isArray(value))
      for (const [child, item] of Object.entries(value)) walk(item, key ? `${key}.${child}` : child);
    else keyed.set(key, strings(value));
  };
  walk(sources, '');
  return keyed;
}

/** A text's runs of words between placeholders, tags and markup: each run shows as it is written. */
const runsOf = (text: string): string[] =>
  text
    .split(/\{\{[^}]*\}\}|<[^>]+>|\*\*|\n|\[\d+\]/)
    .map((run) => run.replace(/\s+/g, ' ').replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, ''))
    .filter((run) => (run.match(/\p{L}/gu) ?? []).length >= 3);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const bounded = (run: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(run)}(?![\\p{L}\\p{N}])`, 'u');

let englishRuns: Array<{ run: string; pattern: RegExp }> | undefined;

/**
 * The English runs of every text that has a Spanish translation different from it. A run that
 * Spanish also uses (a name, "Error", "Plan") is left out: finding it proves nothing.
 */
function englishOnlyRuns(): Array<{ run: string; pattern: RegExp }> {
  if (englishRuns) return englishRuns;
  const english = textsOf('en');
  const spanish = textsOf('es');
  const spanishText = [...spanish.values()].flat().join('\n');
  const runs = new Set<string>();
  for (const [key, values] of english) {
    const translated = spanish.get(key) ?? [];
    values.forEach((value, index) => {
      if (value === translated[index]) return;
      for (const run of runsOf(value)) runs.add(run);
    });
  }
  englishRuns = [...runs].filter((run) => !PROPER_NAMES.includes(run) && !bounded(run).test(spanishText)).map((run) => ({ run, pattern: bounded(run) }));
  return englishRuns;
}

/** What a person sees or hears on the page: its text, and the names, hints and titles of what is on screen. */
async function shownText(target: Page | Frame): Promise<string> {
  return target.evaluate(() => {
    const named = Array.from(document.body.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title], img[alt]'))
      .filter((element) => element.getClientRects().length > 0)
      .flatMap((element) => ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''));
    return [document.body.innerText, ...named].join('\n');
  });
}

/**
 * The English on a page meant to be all Spanish: runs of the English texts that have a Spanish
 * translation, and English function words. `allowed` are the page's own words (a file name, an
 * address, the code to paste), taken out first.
 */
export async function englishIn(target: Page | Frame, allowed: readonly string[] = []): Promise<string[]> {
  let text = await shownText(target);
  for (const word of allowed) text = text.split(word).join(' ');
  text = text
    .replace(/<script[^>]*>\s*<\/script>/g, ' ')
    .replace(/\S+@\S+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
  const found = englishOnlyRuns()
    .filter(({ pattern }) => pattern.test(text))
    .map(({ run }) => run);
  const words = [...text.matchAll(ENGLISH_WORDS)].map((match) => match[0]);
  return [...new Set([...found, ...words])];
}
