import { Trans, useTranslation } from 'react-i18next';

/** Meta's own labels are shown as the owner will read them in Meta's console: bold, never translated. */
const META_LABEL = <strong className="font-semibold text-ink" />;

/** Step 1: where each of the three values is found in Meta for Developers, with Meta's exact names. */
export function WhatsappConnectGuide() {
  const { t } = useTranslation();
  const steps = ['phoneNumberId', 'token', 'secret', 'paste'] as const;
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-ink">{t('whatsapp.guide.connectTitle')}</p>
      <ol className="list-decimal space-y-1.5 pl-5 text-sm text-muted">
        {steps.map((step) => (
          <li key={step}>
            <Trans i18nKey={`whatsapp.guide.${step}`} components={{ b: META_LABEL }} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Step 2: what to paste in Meta's WhatsApp → Configuration once Sparks gave the Callback URL and verify token. */
export function WhatsappWebhookGuide() {
  const { t } = useTranslation();
  const steps = ['configuration', 'verify', 'subscribe'] as const;
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-ink">{t('whatsapp.guide.webhookTitle')}</p>
      <ol className="list-decimal space-y-1.5 pl-5 text-sm text-muted">
        {steps.map((step) => (
          <li key={step}>
            <Trans i18nKey={`whatsapp.guide.${step}`} components={{ b: META_LABEL }} />
          </li>
        ))}
      </ol>
    </div>
  );
}
