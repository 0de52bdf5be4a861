import { ACTION_LIMITS, type Action, type ActionBody } from '@sparks/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PanelHeader } from '../../../components/ui/panel-header';
import { Spinner } from '../../../components/ui/spinner';
import type { ApiError } from '../../../lib/api-client';
import { useActionMutations, useActions } from '../api/use-actions';
import { ActionForm } from './action-form';
import { ActionList } from './action-list';
import { ActionRuns } from './action-runs';

interface ActionsPanelProps {
  sparkId: string;
  headingId?: string;
  onClose: () => void;
  canEdit: boolean;
}

/**
 * What a Spark can do beyond answering: its actions, each to change, try or remove, and their
 * latest runs. The form takes the panel's place while an action is added or changed; leaving it
 * gives focus back to the button that opened it.
 */
export function ActionsPanel({ sparkId, headingId, onClose, canEdit }: ActionsPanelProps) {
  const { t } = useTranslation();
  const actions = useActions(sparkId);
  const { create, update } = useActionMutations(sparkId);
  const [editing, setEditing] = useState<{ action: Action | null } | null>(null);
  const baseId = useId();
  const addId = `${baseId}-add`;
  const editIdOf = (actionId: string) => `${baseId}-edit-${actionId}`;
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    if (editing || !focusAfter.current) return;
    // A new action's row may not be drawn yet (or a removed one is gone): the add button is always there.
    (document.getElementById(focusAfter.current) ?? document.getElementById(addId))?.focus();
    focusAfter.current = null;
  }, [editing, actions.data, addId]);
  const leave = (returnTo: string) => {
    focusAfter.current = returnTo;
    setEditing(null);
    create.reset();
    update.reset();
  };
  const save = (body: ActionBody) => {
    const saved = { onSuccess: (action: Action) => leave(editIdOf(action._id)) };
    if (editing?.action) update.mutate({ actionId: editing.action._id, body }, saved);
    else create.mutate(body, saved);
  };
  const list = actions.data ?? [];
  const full = list.length >= ACTION_LIMITS.actionsPerSpark;
  return (
    <div className="flex h-full min-h-0 flex-col bg-canvas" data-testid="actions-panel">
      <PanelHeader title={t('actions.title')} headingId={headingId} closeLabel={t('actions.close')} onClose={onClose} />
      {/* relative: screen-reader-only labels are placed inside this scroller, not stretched over the page. */}
      <div className="relative min-h-0 flex-1 space-y-6 overflow-y-auto p-4">
        {editing ? (
          <ActionForm
            key={editing.action?._id ?? 'new'}
            action={editing.action}
            saving={create.isPending || update.isPending}
            error={((editing.action ? update.error : create.error) as ApiError | null) ?? null}
            onSave={save}
            onCancel={() => leave(editing.action ? editIdOf(editing.action._id) : addId)}
          />
        ) : (
          <>
            {actions.isPending ? (
              <Spinner label={t('actions.loading')} />
            ) : actions.isError ? (
              <div className="space-y-2">
                <Alert tone="error">{t('actions.loadFailed')}</Alert>
                <Button variant="ghost" className="border border-line" onClick={() => void actions.refetch()}>
                  {t('common.retry')}
                </Button>
              </div>
            ) : (
              // One section for the empty state and the list alike: the add button stays the same element, so focus
              // put on it after the last action is removed is not lost when the empty state replaces the list.
              <section
                className={list.length === 0 ? 'space-y-3 rounded-2xl border border-dashed border-line bg-white p-4' : 'space-y-3'}
                data-testid={list.length === 0 ? 'actions-empty' : undefined}
              >
                {list.length === 0 ? (
                  <div className="space-y-3">
                    <h3 className="text-sm font-semibold text-ink">{t('actions.empty.title')}</h3>
                    <p className="text-sm text-muted">{t('actions.empty.text')}</p>
                    <p className="text-sm text-muted">{t('actions.empty.kinds')}</p>
                  </div>
                ) : (
                  <p className="text-sm text-muted">{t('actions.intro')}</p>
                )}
                {canEdit && (
                  <div className="flex flex-wrap items-center gap-3">
                    <Button id={addId} disabled={full} onClick={() => setEditing({ action: null })} data-testid="actions-add">
                      {t('actions.add')}
                    </Button>
                    {full && <p className="text-xs text-muted">{t('actions.full', { count: ACTION_LIMITS.actionsPerSpark })}</p>}
                  </div>
                )}
                {list.length > 0 && (
                  <ActionList
                    sparkId={sparkId}
                    actions={list}
                    canEdit={canEdit}
                    editIdOf={editIdOf}
                    onEdit={(action) => setEditing({ action })}
                    onRemoved={() => document.getElementById(addId)?.focus()}
                  />
                )}
              </section>
            )}
            <ActionRuns sparkId={sparkId} />
          </>
        )}
      </div>
    </div>
  );
}
