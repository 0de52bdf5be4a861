import type { Language } from '@sparks/contract';
import i18next, { type TFunction } from 'i18next';
// The assistants' words sit in the web app's translation catalogue, one namespace beside the screens' texts,
// so one pair of files is translated and one parity test keeps Spanish complete.
import english from '../../../../web/public/locales/en/assistant.json' with { type: 'json' };
import spanish from '../../../../web/public/locales/es/assistant.json' with { type: 'json' };

const instance = i18next.createInstance();
void instance.init({
  resources: { en: { assistant: english }, es: { assistant: spanish } },
  lng: 'en',
  fallbackLng: false,
  ns: ['assistant'],
  defaultNS: 'assistant',
  // Markdown, never HTML: the chat renders these texts through its sanitising Markdown renderer.
  interpolation: { escapeValue: false },
  initAsync: false,
  // A missing text must show as its key in tests, never silently as English in Spanish.
  returnNull: false,
});

/** The assistant's texts in one language. */
export const catalogue = (language: Language): TFunction<'assistant'> => instance.getFixedT(language, 'assistant');
