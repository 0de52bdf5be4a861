import type { Language } from '@sparks/contract/constants';
import { useTranslation } from 'react-i18next';
import { useViewportStore } from '../../../lib/viewport-store';

/** Language names are shown in their own language so a user can always find theirs. */
export const NATIVE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

export const LANGUAGE_BUTTON_CLASS =
  'inline-flex min-h-10 items-center gap-2 rounded-lg border border-line bg-white px-3 text-sm font-medium text-ink hover:bg-primary-soft';

/** What the language button shows, the same before and after its menu has loaded. */
export function LanguageButtonFace({ current }: { current: Language }) {
  const { t } = useTranslation();
  // Phone headers are tight: the code (EN/ES) replaces the full name there.
  const isDesktop = useViewportStore((state) => state.isDesktop);
  return (
    <>
      <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
      </svg>
      {/* The accessible name starts with the visible text (WCAG 2.5.3) and then says what the button does. */}
      <span>{isDesktop ? NATIVE_NAMES[current] : current.toUpperCase()}</span>
      <span className="sr-only">{t('language.change')}</span>
    </>
  );
}
