import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@sparks/contract';
import { useTranslation } from 'react-i18next';

/** product.md §7: the objectives come in the app's language. */
export function useObjectivesLanguage(): Language {
  const { i18n } = useTranslation();
  const resolved = i18n.resolvedLanguage ?? '';
  return (LANGUAGES as readonly string[]).includes(resolved) ? (resolved as Language) : FALLBACK_LANGUAGE;
}
