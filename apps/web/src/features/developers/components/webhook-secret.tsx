import { WEBHOOK_LIMITS, type WebhookWithSecret } from '@sparks/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CopyBlock } from '../../../components/ui/copy-block';

/** How a receiver checks a delivery, in Node: the scheme the API reference documents. */
const verifySample = (secret: string) =>
  [
    "import { createHmac, timingSafeEqual } from 'node:crypto';",
    '',
    `const SECRET = '${secret}';`,
    '',
    '// header: the Sparks-Signature header; rawBody: the request body exactly as received.',
    'export function fromSparks(header, rawBody) {',
    "  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=')));",
    '  const t = Number(parts.t);',
    `  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > ${WEBHOOK_LIMITS.toleranceSeconds} || !parts.v1) return false;`,
    "  const expected = Buffer.from(createHmac('sha256', SECRET).update(`${t}.${rawBody}`).digest('hex'));",
    '  const given = Buffer.from(parts.v1);',
    '  return expected.length === given.length && timingSafeEqual(expected, given);',
    '}',
  ].join('\n');

/** An endpoint's signing secret, this once (when added or rotated), with the code that checks a delivery. */
export function WebhookSecret({ shown, onDone }: { shown: WebhookWithSecret; onDone: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="webhook-secret-title" className="space-y-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4" data-testid="webhook-secret">
      <h2
        id="webhook-secret-title"
        ref={heading}
        tabIndex={-1}
        className="text-base font-semibold text-emerald-950 [overflow-wrap:anywhere] focus:outline-none"
      >
        {t('developers.webhooks.secretTitle', { url: shown.endpoint.url })}
      </h2>
      <p id="webhook-secret-warning" className="text-sm text-emerald-950">
        {t('developers.webhooks.secretOnce')}
      </p>
      <CopyBlock value={shown.secret} copyText={t('developers.webhooks.copySecret')} describedBy="webhook-secret-warning" />
      <CopyBlock value={verifySample(shown.secret)} label={t('developers.webhooks.verify')} copyText={t('developers.webhooks.copyCode')} />
      <Button variant="ghost" className="border border-line bg-white" onClick={onDone}>
        {t('developers.created.done')}
      </Button>
    </section>
  );
}
