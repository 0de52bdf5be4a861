import { Trans, useTranslation } from 'react-i18next';

/** Meta's own labels are shown as the owner will read them in Meta's console: bold, never translated. */
const META_LABEL = <strong className="font-semibold text-ink" />;

/**
 * The guide's two steps: where each of the three values is found in Meta for Developers (connect),
 * and what to paste in Meta's WhatsApp → Configuration once Sparks gave the Callback URL and verify token (webhook).
 */
const STEPS = {
  connect: { title: 'whatsapp.guide.connectTitle', items: ['phoneNumberId', 'token', 'secret', 'paste'] },
  webhook: { title: 'whatsapp.guide.webhookTitle', items: ['configuration', 'verify', 'subscribe'] },
} as const;

/** One step of the WhatsApp guide, with Meta's exact names. */
export function WhatsappGuide({ step }: { step: keyof typeof STEPS }) {
  const { t } = useTranslation();
  const { title, items } = STEPS[step];
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-ink">{t(title)}</p>
      <ol className="list-decimal space-y-1.5 pl-5 text-sm text-muted">
        {items.map((item) => (
          <li key={item}>
            <Trans i18nKey={`whatsapp.guide.${item}`} components={{ b: META_LABEL }} />
          </li>
        ))}
      </ol>
    </div>
  );
}
