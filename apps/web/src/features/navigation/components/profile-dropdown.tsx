import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { User } from '@sparks/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTutorial } from '../../../lib/tutorial-store';
import { useViewportStore } from '../../../lib/viewport-store';
import { planLabel, profileDisplayName } from '../navigation-rules';

const ITEM = 'cursor-pointer rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-primary-soft';

/** Spec §2 profile dropdown: name, plan label, start-plan for free users, modify profile, log out. */
export function ProfileDropdown({ user, onLogout }: { user: User; onLogout: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const width = useViewportStore((state) => state.width);
  const name = profileDisplayName(user, width);
  const plan = planLabel(user);
  const [open, setOpen] = useState(false);
  // The tutorial holds the dropdown open to point into it; it must not trap focus away from the tutorial card.
  const heldOpen = useTutorial((state) => state.profileDropdown);
  return (
    <DropdownMenu.Root open={open || heldOpen} onOpenChange={setOpen} modal={!heldOpen}>
      <DropdownMenu.Trigger className="flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-canvas">
        <span aria-hidden="true" data-tutorial="avatar" className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-white">
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
        <DropdownMenu.Content data-tutorial="profile-menu" side="top" align="start" sideOffset={6} className="z-50 min-w-56 rounded-lg border border-line bg-white p-1 shadow-lg">
          {plan.isFree && (
            <DropdownMenu.Item className={`${ITEM} font-medium text-primary`} onSelect={() => void navigate('/billing', { state: { message: 'plan-change' } })}>
              {t('nav.startPlan')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={ITEM} onSelect={() => void navigate('/profile')}>
            {t('nav.modifyProfile')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={`${ITEM} text-red-700`} onSelect={onLogout}>
            {t('auth.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
