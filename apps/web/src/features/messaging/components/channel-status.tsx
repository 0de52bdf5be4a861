import type { MessagingChannel } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { relativeMoment } from '../../../lib/relative-moment';
import { problemText } from '../problem-text';
import { PLATFORM_NAMES } from '../platform-names';

/** Whether messages arrive and replies leave, and the platform's last refusal in plain words with its code. */
export function ChannelStatus({ channel }: { channel: MessagingChannel }) {
  const { t, i18n } = useTranslation();
  const now = Date.now();
  const platform = PLATFORM_NAMES[channel.platform];
  const justNow = t('messaging.status.justNow');
  const line = (label: string, at: string | null) => (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium text-ink">{at ? <time dateTime={at}>{relativeMoment(at, i18n.language, now, justNow)}</time> : t('messaging.status.none')}</dd>
    </div>
  );
  const problem = channel.lastProblem;
  return (
    <div className="space-y-2" aria-live="polite" data-testid={`${channel.platform}-status`}>
      <dl className="space-y-1 rounded-lg border border-line bg-white px-3 py-2 text-sm">
        {line(t('messaging.status.received'), channel.lastReceivedAt)}
        {line(t('messaging.status.sent'), channel.lastSentAt)}
      </dl>
      {problem && (
        <Alert tone="warning">
          <p className="font-medium">{t('messaging.status.problemTitle', { platform, when: relativeMoment(problem.at, i18n.language, now, justNow) })}</p>
          <p>{problemText(t, channel.platform, problem)}</p>
          {problem.code !== null && <p className="text-xs">{t('messaging.status.code', { platform, code: problem.code })}</p>}
        </Alert>
      )}
    </div>
  );
}
