import type { ApiKey } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { EmptyNote } from '../../../components/ui/empty-note';
import { ConfirmInPlace } from '../../../components/ui/confirm-in-place';
import { useApiKeyActions, useSparkNames } from '../api/use-api-keys';
import { DEVELOPERS_REFUSALS, keyState } from '../developer-rules';
import { refusalText } from '../../../lib/refusal-text';

/** The account's keys: what each may do and where, when it was last used, and revoking it. */
export function ApiKeyList({ keys }: { keys: ApiKey[] }) {
  const { t, i18n } = useTranslation();
  const { revoke } = useApiKeyActions();
  const sparks = useSparkNames();
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  const nameOf = (sparkId: string) => sparks.data?.find((spark) => spark._id === sparkId)?.name ?? t('developers.list.deletedSpark');
  const failed = revoke.error;
  return (
    <section aria-labelledby="keys-title" className="space-y-3">
      <h2 id="keys-title" className="text-base font-semibold">
        {t('developers.list.title')}
      </h2>
      {failed && <Alert tone="error">{refusalText(failed, DEVELOPERS_REFUSALS, t)}</Alert>}
      {keys.length === 0 ? (
        <EmptyNote>{t('developers.list.empty')}</EmptyNote>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line bg-white" data-testid="api-keys">
          {keys.map((key) => {
            const state = keyState(key);
            return (
              <li key={key._id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium text-ink [overflow-wrap:anywhere]">
                    {key.name}{' '}
                    <span className={`ml-1 rounded px-1.5 py-0.5 text-xs ${state === 'active' ? 'bg-emerald-100 text-emerald-900' : 'bg-canvas text-muted'}`}>
                      {t(`developers.states.${state}`)}
                    </span>
                  </p>
                  <p className="font-mono text-xs text-muted">{key.prefix}…</p>
                  <p className="text-sm text-muted">{key.scopes.map((scope) => t(`developers.scopes.${scope}`)).join(' · ')}</p>
                  <p className="text-sm text-muted [overflow-wrap:anywhere]">
                    {key.sparkIds === null ? t('developers.list.allSparks') : key.sparkIds.map(nameOf).join(', ')}
                  </p>
                  <p className="text-xs text-muted">
                    {key.lastUsedAt ? t('developers.list.lastUsed', { when: date.format(new Date(key.lastUsedAt)) }) : t('developers.list.neverUsed')}
                    {key.expiresAt && state === 'active' ? ` · ${t('developers.list.expires', { when: date.format(new Date(key.expiresAt)) })}` : ''}
                    {key.createdBy ? ` · ${t('developers.list.createdBy', { who: key.createdBy })}` : ''}
                  </p>
                </div>
                {state === 'active' && (
                  <ConfirmInPlace
                    label={t('developers.list.revoke')}
                    warning={t('developers.list.revokeWarning', { name: key.name })}
                    confirmLabel={t('developers.list.revokeConfirm')}
                    busy={revoke.isPending}
                    onConfirm={() => revoke.mutate(key._id)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
