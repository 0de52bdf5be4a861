import { readFileSync } from 'node:fs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '@sparks/contract';

const translations = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../public/locales/${language}/translation.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

/** An i18next instance with the app's own translation files, for component tests. */
export async function testI18n(language: Language): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    resources: { en: { translation: translations('en') }, es: { translation: translations('es') } },
  });
  return instance;
}

/** Renders to HTML with translations and a query cache (pre-filled by `seed`), as the server would. */
export function renderHtml(node: ReactNode, i18n: I18n, seed?: (client: QueryClient) => void): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed?.(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
    </QueryClientProvider>,
  );
}
