import { WEBHOOK_EVENTS, WEBHOOK_LIMITS, type WebhookEvent, type WebhookWithSecret } from '@sparks/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { useWebhookActions } from '../api/use-webhooks';

const ADDRESS = /^https?:\/\/[^\s/]+/i;

/** A new endpoint: the address of the developer's server and the events it wants. */
export function WebhookForm({ onCreated }: { onCreated: (created: WebhookWithSecret) => void }) {
  const { t } = useTranslation();
  const { create } = useWebhookActions();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['person.requested']);
  const [problem, setProblem] = useState<{ url?: string; events?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(ADDRESS.test(url.trim()) ? {} : { url: t('developers.webhooks.urlInvalid') }),
      ...(events.length ? {} : { events: t('developers.webhooks.eventsRequired') }),
    };
    setProblem(found);
    if (Object.keys(found).length) return;
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (created) => {
          setUrl('');
          onCreated(created);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-line bg-white p-4" aria-labelledby="new-webhook-title">
      <h2 id="new-webhook-title" className="text-base font-semibold">
        {t('developers.webhooks.add')}
      </h2>
      <TextField
        label={t('developers.webhooks.url')}
        type="url"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={problem.url}
        maxLength={WEBHOOK_LIMITS.urlMax}
        placeholder="https://example.com/sparks-webhook"
      />
      <fieldset className="space-y-2">
        <legend className="text-sm text-muted">{t('developers.webhooks.events')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((name) => (
            <CheckboxField
              key={name}
              checked={events.includes(name)}
              onChange={(change) => setEvents(change.target.checked ? [...events, name] : events.filter((one) => one !== name))}
              label={t(`developers.webhooks.eventNames.${name}`)}
            />
          ))}
        </div>
        {problem.events && (
          <p role="alert" className="text-sm text-red-700">
            {problem.events}
          </p>
        )}
      </fieldset>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? t('developers.webhooks.adding') : t('developers.webhooks.addButton')}
      </Button>
      <div aria-live="polite">{create.error && <Alert tone="error">{create.error.message}</Alert>}</div>
    </form>
  );
}
