import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LANGUAGES, type Language } from '@sparks/contract/constants';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_BUTTON_CLASS, LanguageButtonFace, NATIVE_NAMES } from './language-button-face';

/** The language button with its menu; `defaultOpen` when the first press came before the menu had loaded. */
export function LanguageMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage ?? 'en') as Language;
  const content = useRef<HTMLDivElement>(null);
  // Opened by the press that loaded it, the menu missed the key that makes Radix focus an item;
  // without this a keyboard user would land on the list itself, where the arrows move nothing.
  useEffect(() => {
    if (!defaultOpen) return;
    const frame = requestAnimationFrame(() => {
      const list = content.current;
      (list?.querySelector<HTMLElement>('[role="menuitemradio"][data-state="checked"]') ?? list?.querySelector<HTMLElement>('[role="menuitemradio"]'))?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [defaultOpen]);
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={LANGUAGE_BUTTON_CLASS}>
        <LanguageButtonFace current={current} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content ref={content} align="end" sideOffset={6} className="z-50 min-w-40 rounded-lg border border-line bg-white p-1 shadow-lg">
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
