import { readFileSync } from 'node:fs';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18nOptions } from './i18n';

/** A backend that serves the real translation files and notes which ones were asked for. */
function recordingBackend(read: string[]): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read(language: string, namespace: string, callback: ReadCallback) {
      read.push(language);
      callback(
        null,
        JSON.parse(readFileSync(new URL(`../../public/locales/${language}/${namespace}.json`, import.meta.url), 'utf8')) as Record<string, string>,
      );
    },
  };
}

async function start(lng: string) {
  const read: string[] = [];
  const instance = i18next.createInstance();
  await instance.use(recordingBackend(read)).init({ ...i18nOptions, lng, detection: undefined });
  return { instance, read };
}

describe('loading the translations', () => {
  it('downloads only the language in use when it is one the app speaks', async () => {
    for (const [lng, file] of [
      ['es-ES', 'es'],
      ['es', 'es'],
      ['en-US', 'en'],
    ] as const) {
      const { instance, read } = await start(lng);
      expect(read, lng).toEqual([file]);
      expect(instance.t('validation.required'), lng).toBe(file === 'es' ? 'Campo obligatorio' : 'Required field');
    }
  });

  it('falls back to English for a language the app does not speak', async () => {
    const { instance, read } = await start('fr-FR');
    expect(read).toEqual(['en']);
    expect(instance.resolvedLanguage).toBe('en');
    expect(instance.t('validation.required')).toBe('Required field');
  });

  it('loads Spanish alone when the user switches to it', async () => {
    const { instance, read } = await start('en');
    await instance.changeLanguage('es');
    expect(read).toEqual(['en', 'es']);
    expect(instance.t('validation.required')).toBe('Campo obligatorio');
  });
});
