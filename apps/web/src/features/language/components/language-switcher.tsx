import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LANGUAGES, type Language } from '@sparks/contract/constants';
import { useTranslation } from 'react-i18next';
import { useViewportStore } from '../../../lib/viewport-store';

/** Language names are shown in their own language so a user can always find theirs. */
const NATIVE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage ?? 'en') as Language;
  // Phone headers are tight: the code (EN/ES) replaces the full name there.
  const isDesktop = useViewportStore((state) => state.isDesktop);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-line bg-white px-3 text-sm font-medium text-ink hover:bg-primary-soft"
      >
        <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
        </svg>
        {/* The accessible name starts with the visible text (WCAG 2.5.3) and then says what the button does. */}
        <span>{isDesktop ? NATIVE_NAMES[current] : current.toUpperCase()}</span>
        <span className="sr-only">{t('language.change')}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-40 rounded-lg border border-line bg-white p-1 shadow-lg">
          <DropdownMenu.Label className="px-2 py-1.5 text-xs text-muted">{t('language.label')}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={current} onValueChange={(language) => void i18n.changeLanguage(language)}>
            {LANGUAGES.map((language) => (
              <DropdownMenu.RadioItem
                key={language}
                value={language}
                lang={language}
                className="flex cursor-pointer items-center justify-between gap-4 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-primary-soft"
              >
                {NATIVE_NAMES[language]}
                <DropdownMenu.ItemIndicator aria-hidden="true">✓</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
