import type { Action } from '@sparks/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmInPlace } from '../../../components/ui/confirm-in-place';
import { useActionMutations } from '../api/use-actions';
import { ActionTry } from './action-try';

interface ActionItemProps {
  sparkId: string;
  action: Action;
  canEdit: boolean;
  editId: string;
  onEdit: () => void;
  onRemoved: () => void;
}

/** Where an action goes, in a few words: the API's host, the link's or the team's address. */
function destinationOf(does: Action['does']): string {
  if (does.kind === 'send') return [does.email, does.webhook].filter(Boolean).join(' · ');
  return `${does.kind === 'api' ? `${does.method} ` : ''}${does.url}`;
}

/** One action: what it is for, what it does and whether visitors can use it; Edit, Try it (opened in place) and Delete. */
export function ActionItem({ sparkId, action, canEdit, editId, onEdit, onRemoved }: ActionItemProps) {
  const { t } = useTranslation();
  const { remove } = useActionMutations(sparkId);
  const [trying, setTrying] = useState(false);
  const tryId = useId();
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-line bg-white p-4 shadow-sm" data-testid="action-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 text-sm font-semibold text-ink [overflow-wrap:anywhere]">
          {action.name}
        </h3>
        <div className="flex flex-wrap gap-1.5 text-xs">
          <span className="rounded-full bg-primary-soft px-2 py-0.5 font-medium text-ink" data-testid="action-kind">
            {t(`actions.kinds.${action.does.kind}`)}
          </span>
          <span
            className={`rounded-full px-2 py-0.5 font-medium ${action.enabled ? 'bg-green-50 text-green-800' : 'bg-slate-100 text-slate-700'}`}
            data-testid="action-enabled"
          >
            {action.enabled ? t('actions.list.enabled') : t('actions.list.disabled')}
          </span>
        </div>
      </div>
      <p className="text-sm text-muted [overflow-wrap:anywhere]">{action.purpose}</p>
      <p className="font-mono text-xs text-muted [overflow-wrap:anywhere]">{destinationOf(action.does)}</p>
      {canEdit && (
        // Every card has the same three buttons: the group's name says which action they are for.
        <div role="group" aria-labelledby={headingId} className="flex flex-wrap items-start gap-2">
          <Button id={editId} variant="ghost" className="border border-line" onClick={onEdit}>
            {t('actions.list.edit')}
          </Button>
          <Button
            variant="ghost"
            className="border border-line"
            aria-expanded={trying}
            aria-controls={trying ? tryId : undefined}
            onClick={() => setTrying((open) => !open)}
          >
            {t('actions.list.try')}
          </Button>
          <ConfirmInPlace
            label={t('actions.list.delete')}
            warning={t('actions.list.deleteWarning', { name: action.name })}
            confirmLabel={t('actions.list.deleteConfirm')}
            busy={remove.isPending}
            onConfirm={() => remove.mutate(action._id, { onSuccess: onRemoved })}
          />
        </div>
      )}
      {remove.isError && <Alert tone="error">{remove.error.message}</Alert>}
      {trying && (
        <div id={tryId}>
          <ActionTry sparkId={sparkId} action={action} />
        </div>
      )}
    </article>
  );
}
