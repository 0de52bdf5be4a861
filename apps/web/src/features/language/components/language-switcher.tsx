import type { Language } from '@sparks/contract/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_BUTTON_CLASS, LanguageButtonFace } from './language-button-face';
import type * as LanguageMenuModule from './language-menu';

type MenuModule = typeof LanguageMenuModule;

let loaded: MenuModule | undefined;
const loadMenu = async (): Promise<MenuModule> => (loaded ??= await import('./language-menu'));

/**
 * The language button. Its menu (and the menu library) loads when a pointer or the focus comes
 * near it, and at the latest on the first press, which then opens it: the first screen paints
 * without it. Once loaded, every later button is the full menu from the start.
 */
export function LanguageSwitcher() {
  const { i18n } = useTranslation();
  const [menu, setMenu] = useState<{ module: MenuModule; open: boolean } | undefined>(() => (loaded ? { module: loaded, open: false } : undefined));
  if (menu) return <menu.module.LanguageMenu defaultOpen={menu.open} />;

  const prefetch = () => void loadMenu();
  const open = () => void loadMenu().then((module) => setMenu({ module, open: true }));
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={LANGUAGE_BUTTON_CLASS}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={open}
      onKeyDown={(event) => {
        // The menu's own button also opens on the down arrow.
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        open();
      }}
    >
      <LanguageButtonFace current={(i18n.resolvedLanguage ?? 'en') as Language} />
    </button>
  );
}
