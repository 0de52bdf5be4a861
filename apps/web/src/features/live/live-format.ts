import type { Language } from '@sparks/contract';
import type { TFunction } from 'i18next';

/** The visitor's language in the owner's words; a conversation may not know it yet. */
export const languageName = (t: TFunction, language: Language | null): string => t(language ? `live.language.${language}` : 'live.language.unknown');

/** The hour and minute of a moment, in the owner's language: every conversation listed is under 30 minutes old. */
export const timeOf = (iso: string, language: string): string => new Date(iso).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });

/** Who took a conversation over, as the list and the controls say it; an owner without a name on their profile is "you". */
export const takenOverLabel = (t: TFunction, name: string): string => (name ? t('live.takenOverBy', { name }) : t('live.takenOverByUnnamed'));
