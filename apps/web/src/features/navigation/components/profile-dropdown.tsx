import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { User } from '@sparks/contract';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTutorial } from '../../../lib/tutorial-store';
import { useViewportStore } from '../../../lib/viewport-store';
import { planLabel, profileDisplayName, roleCan } from '../navigation-rules';

interface MenuEntry {
  key: string;
  label: string;
  className: string;
  onSelect: () => void;
  /** A line above it, parting it from the entries before. */
  separated?: boolean;
  /** Shown, not chosen: a heading among the entries. */
  disabled?: boolean;
}

const ITEM = 'cursor-pointer rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-primary-soft';

/**
 * product.md §2 profile dropdown: name, plan label, start-plan for free users, modify profile, log out;
 * with a team, the accounts to act for and (owners and admins) the team.
 */
export function ProfileDropdown({ user, onLogout, onSwitchAccount }: { user: User; onLogout: () => void; onSwitchAccount: (tenantId: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const width = useViewportStore((state) => state.width);
  const name = profileDisplayName(user, width);
  const plan = planLabel(user);
  // The tutorial shows the menu open to point into it: a still picture of it, so nothing takes focus from the tutorial card.
  const heldOpen = useTutorial((state) => state.profileDropdown);
  const [active, ...others] = user.tenants;
  const entries: MenuEntry[] = [
    // More than one account: whose one this is, and the others to act for.
    ...(others.length > 0 && active
      ? [
          { key: 'acting', label: t('team.switch.actingFor', { account: active.account }), className: 'text-muted', onSelect: () => undefined, disabled: true },
          ...others.map((tenant) => ({
            key: `switch-${tenant._id}`,
            label: t('team.switch.to', { account: tenant.account, role: t(`team.roles.${tenant.role}`) }),
            className: '',
            onSelect: () => onSwitchAccount(tenant._id),
          })),
        ]
      : []),
    ...(plan.isFree && roleCan(user, 'billing.manage')
      ? [
          {
            key: 'plan',
            label: t('nav.startPlan'),
            className: 'font-medium text-primary',
            onSelect: () => void navigate('/billing', { state: { message: 'plan-change' } }),
          },
        ]
      : []),
    { key: 'profile', label: t('nav.modifyProfile'), className: '', onSelect: () => void navigate('/profile'), separated: others.length > 0 },
    ...(roleCan(user, 'team.manage') ? [{ key: 'team', label: t('team.title'), className: '', onSelect: () => void navigate('/team') }] : []),
    ...(roleCan(user, 'developers.manage')
      ? [{ key: 'developers', label: t('developers.title'), className: '', onSelect: () => void navigate('/developers') }]
      : []),
    { key: 'logout', label: t('auth.logout'), className: 'text-red-700', onSelect: onLogout, separated: true },
  ];
  const menuBox = 'z-50 min-w-56 rounded-lg border border-line bg-white p-1 shadow-lg';
  return (
    <div className="relative">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-canvas">
          <span
            aria-hidden="true"
            data-tutorial="avatar"
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-white"
          >
            {name.slice(0, 1).toUpperCase()}
          </span>
          <span className="min-w-0">
            <span className="block truncate text-sm font-medium text-ink">{name}</span>
            <span className="block text-xs text-muted" data-testid="plan-label">
              {plan.isFree ? t('nav.freeTrial') : plan.label}
            </span>
          </span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content side="top" align="start" sideOffset={6} className={menuBox}>
            {entries.map((entry) => (
              <Fragment key={entry.key}>
                {entry.separated && <DropdownMenu.Separator className="my-1 h-px bg-line" />}
                <DropdownMenu.Item className={`${ITEM} ${entry.className}`} onSelect={entry.onSelect} disabled={entry.disabled}>
                  {entry.label}
                </DropdownMenu.Item>
              </Fragment>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {heldOpen && (
        <div inert data-tutorial="profile-menu" className={`absolute bottom-full left-0 mb-1.5 ${menuBox}`}>
          {entries.map((entry) => (
            <Fragment key={entry.key}>
              {entry.separated && <div className="my-1 h-px bg-line" />}
              <div className={`${ITEM} ${entry.className}`}>{entry.label}</div>
            </Fragment>
          ))}
        </div>
      )}
    </div>
  );
}
