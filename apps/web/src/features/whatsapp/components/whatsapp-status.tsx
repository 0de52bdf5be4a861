import type { WhatsappChannel } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { relativeMoment } from '../../../lib/relative-moment';
import { problemText } from '../problem-text';

/** Whether messages arrive and replies leave, and Meta's last refusal in plain words with its code. */
export function WhatsappStatus({ channel }: { channel: WhatsappChannel }) {
  const { t, i18n } = useTranslation();
  const now = Date.now();
  const line = (label: string, at: string | null) => (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium text-ink">
        {at ? <time dateTime={at}>{relativeMoment(at, i18n.language, now, t('whatsapp.status.justNow'))}</time> : t('whatsapp.status.none')}
      </dd>
    </div>
  );
  const problem = channel.lastProblem;
  return (
    <div className="space-y-2" aria-live="polite" data-testid="whatsapp-status">
      <dl className="space-y-1 rounded-lg border border-line bg-white px-3 py-2 text-sm">
        {line(t('whatsapp.status.received'), channel.lastReceivedAt)}
        {line(t('whatsapp.status.sent'), channel.lastSentAt)}
      </dl>
      {problem && (
        <Alert tone="warning">
          <p className="font-medium">
            {t('whatsapp.status.problemTitle', { when: relativeMoment(problem.at, i18n.language, now, t('whatsapp.status.justNow')) })}
          </p>
          <p>{problemText(t, problem)}</p>
          {problem.code !== null && <p className="text-xs">{t('whatsapp.status.metaCode', { code: problem.code })}</p>}
        </Alert>
      )}
    </div>
  );
}
