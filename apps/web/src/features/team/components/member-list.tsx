import { ASSIGNABLE_ROLES, type AssignableRole, type Member } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { ConfirmInPlace } from '../../../components/ui/confirm-in-place';
import { SelectField } from '../../../components/ui/select-field';
import { useTeamActions } from '../api/use-team';
import { TEAM_REFUSALS } from '../team-rules';
import { refusalText } from '../../../lib/refusal-text';

/**
 * The people of the account: the owner and the caller are shown, never changed here; everyone else's
 * role can change, they can be removed, and the owner can pass the account to one of them.
 */
export function MemberList({ members, canTransfer }: { members: Member[]; canTransfer: boolean }) {
  const { t, i18n } = useTranslation();
  const { setRole, remove, transfer } = useTeamActions();
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  const failed = setRole.error ?? remove.error ?? transfer.error;
  return (
    <section aria-labelledby="members-title" className="space-y-3">
      <h2 id="members-title" className="text-base font-semibold">
        {t('team.members.title', { count: members.length })}
      </h2>
      {failed && <Alert tone="error">{refusalText(failed, TEAM_REFUSALS, t)}</Alert>}
      <ul className="divide-y divide-line rounded-xl border border-line bg-white" data-testid="team-members">
        {members.map((member) => {
          const fixed = member.role === 'owner' || member.you;
          const who = member.name ?? member.email;
          return (
            <li key={member.userId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-ink [overflow-wrap:anywhere]">
                  {who}
                  {member.you && <span className="ml-2 text-xs font-normal text-muted">{t('team.members.you')}</span>}
                </p>
                {member.name && <p className="text-sm text-muted [overflow-wrap:anywhere]">{member.email}</p>}
                <p className="text-xs text-muted">
                  {member.lastActiveAt ? t('team.members.lastActive', { when: date.format(new Date(member.lastActiveAt)) }) : t('team.members.neverActive')}
                </p>
              </div>
              <div className="flex flex-wrap items-end gap-2 sm:justify-end">
                {fixed ? (
                  <span className="rounded-full bg-primary-soft px-3 py-1 text-sm text-ink">{t(`team.roles.${member.role}`)}</span>
                ) : (
                  <SelectField
                    label={t('team.members.roleOf', { name: who })}
                    className="min-w-40 [&>label]:sr-only"
                    value={member.role}
                    disabled={setRole.isPending}
                    onChange={(event) => setRole.mutate({ userId: member.userId, role: event.target.value as AssignableRole })}
                  >
                    {ASSIGNABLE_ROLES.map((name) => (
                      <option key={name} value={name}>
                        {t(`team.roles.${name}`)}
                      </option>
                    ))}
                  </SelectField>
                )}
                {!fixed && canTransfer && (
                  <ConfirmInPlace
                    label={t('team.members.makeOwner')}
                    warning={t('team.members.makeOwnerWarning', { name: who })}
                    confirmLabel={t('team.members.makeOwnerConfirm')}
                    busy={transfer.isPending}
                    onConfirm={() => transfer.mutate(member.userId)}
                  />
                )}
                {!fixed && (
                  <ConfirmInPlace
                    label={t('team.members.remove')}
                    warning={t('team.members.removeWarning', { name: who })}
                    confirmLabel={t('team.members.removeConfirm')}
                    busy={remove.isPending}
                    onConfirm={() => remove.mutate(member.userId)}
                  />
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
