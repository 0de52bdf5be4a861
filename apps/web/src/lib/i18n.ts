import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, STORAGE_KEYS, TRANSLATION_LOADING } from '@sparks/contract/constants';
import i18next, { type InitOptions } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { TRANSLATION_FILES, TRANSLATION_NAMESPACE } from './translation-files';

/** product.md §16: query string, cookie, local storage, session storage, browser, html tag; the choice is stored locally. */
const SUPPORTED: readonly string[] = LANGUAGES;

export const i18nOptions: InitOptions = {
  supportedLngs: [...LANGUAGES],
  // Every language has every key (translations.test.ts), so a supported one needs no fallback file:
  // a Spanish visitor downloads the Spanish texts only. Any other language falls back to English.
  // i18next also asks with no code, for the language of last resort.
  fallbackLng: (code?: string) => (code && SUPPORTED.includes(code.split('-')[0] ?? code) ? [] : [FALLBACK_LANGUAGE]),
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  ns: [TRANSLATION_NAMESPACE],
  defaultNS: TRANSLATION_NAMESPACE,
  interpolation: { escapeValue: false },
  maxParallelReads: TRANSLATION_LOADING.maxParallelReads,
  maxRetries: TRANSLATION_LOADING.maxRetries,
  retryTimeout: TRANSLATION_LOADING.retryBaseDelayMs,
  backend: { loadPath: TRANSLATION_FILES },
  detection: {
    order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
    lookupQuerystring: 'lng',
    lookupCookie: LANGUAGE_COOKIE.name,
    lookupLocalStorage: STORAGE_KEYS.language,
    lookupSessionStorage: STORAGE_KEYS.language,
    caches: ['localStorage', 'cookie'],
    cookieMinutes: LANGUAGE_COOKIE.maxAgeMinutes,
    cookieOptions: { path: '/', sameSite: 'lax' },
  },
};

export async function initI18n(): Promise<typeof i18next> {
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18next.use(HttpBackend).use(LanguageDetector).use(initReactI18next).init(i18nOptions);
  return i18next;
}
