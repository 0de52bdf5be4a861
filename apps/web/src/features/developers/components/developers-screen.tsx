import type { CreatedApiKey, WebhookWithSecret } from '@sparks/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useApiKeys } from '../api/use-api-keys';
import { useWebhooks } from '../api/use-webhooks';
import { DEVELOPERS_REFUSALS } from '../developer-rules';
import { ApiKeyForm } from './api-key-form';
import { ApiKeyList } from './api-key-list';
import { CreatedKey } from './created-key';
import { WebhookForm } from './webhook-form';
import { WebhookList } from './webhook-list';
import { WebhookSecret } from './webhook-secret';
import { refusalText } from '../../../lib/refusal-text';

/** Settings › Developers: the account's API keys and webhooks, for owners and admins, and where the API is documented. */
export function DevelopersScreen() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const webhooks = useWebhooks();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  if (keys.isPending) return <Spinner label={t('developers.loading')} className="size-8" />;
  if (keys.isError) return <Alert tone="error">{refusalText(keys.error, DEVELOPERS_REFUSALS, t)}</Alert>;
  const { allowance } = keys.data;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 p-4 sm:p-6">
      <div className="space-y-1 text-sm text-muted">
        <p>{t('developers.intro')}</p>
        <p>
          <a className="font-medium text-primary underline" href="/api/v1/docs" target="_blank" rel="noreferrer">
            {t('developers.docs')}
          </a>
        </p>
        <p data-testid="key-allowance">{t('developers.allowance', { used: allowance.used, limit: allowance.limit })}</p>
      </div>
      {created && <CreatedKey created={created} origin={window.location.origin} onDone={() => setCreated(null)} />}
      <ApiKeyForm keysLeft={Math.max(0, allowance.limit - allowance.used)} onCreated={setCreated} />
      <ApiKeyList keys={keys.data.keys} />
      {secret && <WebhookSecret shown={secret} onDone={() => setSecret(null)} />}
      {webhooks.isPending && <Spinner label={t('developers.webhooks.loading')} className="size-6" />}
      {webhooks.isError && <Alert tone="error">{webhooks.error.message}</Alert>}
      {webhooks.data && <WebhookList endpoints={webhooks.data} onSecret={setSecret} />}
      <WebhookForm onCreated={setSecret} />
    </div>
  );
}
