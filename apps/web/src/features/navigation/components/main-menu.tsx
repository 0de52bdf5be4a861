import type { User } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { isEntryDisabled, visibleEntries } from '../navigation-rules';

/** product.md §2 menu: settings, billing, deploy and new-spark; deploy dimmed when deployments are 0. */
export function MainMenu({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.menu')} data-tutorial="menu">
      <ul className="space-y-0.5">
        {visibleEntries(user).map((entry) => {
          const disabled = isEntryDisabled(entry, user);
          return (
            <li key={entry.id}>
              {disabled ? (
                <span aria-disabled="true" className="flex min-h-9 cursor-not-allowed items-center rounded-md px-2 text-sm text-muted opacity-50">
                  {t(`nav.${entry.title}`)}
                </span>
              ) : (
                <NavLink
                  to={entry.path}
                  className={({ isActive }) =>
                    `flex min-h-9 items-center rounded-md px-2 text-sm ${isActive ? 'bg-primary-soft font-medium text-primary' : 'text-ink hover:bg-canvas'}`
                  }
                >
                  {t(`nav.${entry.title}`)}
                </NavLink>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
