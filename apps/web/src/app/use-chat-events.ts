import { LANGUAGES, type MessageData } from '@sparks/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../features/auth/api/use-logout';
import { SPARKS_KEY } from '../features/sparks/api/use-sparks';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * product.md §7 client events a chat may trigger (goto, logout, language, updateProfile, listSparks,
 * newSpark): the chat feature hands them over and the app, which owns those concerns, acts.
 */
export function useChatEvents(): (data: MessageData) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const { i18n } = useTranslation();
  return useCallback(
    (data: MessageData) => {
      const fields = data as Record<string, unknown>;
      switch (data.event) {
        case 'goto': {
          const path = text(fields.goto) ?? text(fields.path) ?? text(fields.value);
          // Only routes of this app: an event never sends the user to another site.
          if (path && /^\/(?!\/)/.test(path)) void navigate(path);
          else console.warn(`[chat] goto event without a path inside the app`);
          break;
        }
        case 'logout':
          void logout();
          break;
        case 'language': {
          const language = text(fields.language) ?? text(fields.value);
          if (language && (LANGUAGES as readonly string[]).includes(language)) void i18n.changeLanguage(language);
          break;
        }
        case 'updateProfile':
          void queryClient.invalidateQueries({ queryKey: ['profile'] });
          break;
        case 'listSparks':
        case 'newSpark':
          void queryClient.invalidateQueries({ queryKey: SPARKS_KEY });
          break;
        default:
          console.warn(`[chat] event '${data.event ?? ''}' has no handler`);
      }
    },
    [navigate, queryClient, logout, i18n],
  );
}
