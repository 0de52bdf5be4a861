import { LANGUAGES, updateProfileRoute, type Language, type User } from '@sparks/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../lib/api-call';

const PROFILE_KEY = ['profile'];

/**
 * product.md §16: a language chosen in the interface while signed in becomes the profile's preferred
 * language too. Without this the settings card would still name the old one, and what the server
 * writes without being told a language (an upload's message, e-mails) would come in it.
 */
export function useLanguagePreference(): void {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => {
    const follow = (chosen: string) => {
      const language = chosen.split('-')[0] as Language;
      const user = queryClient.getQueryData<User>(PROFILE_KEY);
      // Only a change made while signed in, to another supported language than the profile's.
      if (!user || !LANGUAGES.includes(language) || user.config.language === language) return;
      apiCall(updateProfileRoute, { body: { config: { language } } })
        .then((updated) => queryClient.setQueryData(PROFILE_KEY, updated))
        .catch((error: unknown) => console.warn('[language] the preferred language could not be saved', error));
    };
    i18n.on('languageChanged', follow);
    return () => i18n.off('languageChanged', follow);
  }, [i18n, queryClient]);
}
