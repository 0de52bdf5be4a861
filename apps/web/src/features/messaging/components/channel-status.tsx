import type { MessagingChannel } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { problemText } from '../problem-text';
import { PLATFORM_NAMES } from '../platform-names';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago" in the owner's language for the last week; older moments are shown as a date. */
const when = (iso: string, language: string, now: number, justNow: string): string => {
  const at = new Date(iso).getTime();
  const elapsed = now - at;
  if (elapsed < 7 * 86_400_000) {
    const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    for (const [unit, size] of UNITS) if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
    return justNow;
  }
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
};

/** Whether messages arrive and replies leave, and the platform's last refusal in plain words with its code. */
export function ChannelStatus({ channel }: { channel: MessagingChannel }) {
  const { t, i18n } = useTranslation();
  const now = Date.now();
  const platform = PLATFORM_NAMES[channel.platform];
  const justNow = t('messaging.status.justNow');
  const line = (label: string, at: string | null) => (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium text-ink">{at ? <time dateTime={at}>{when(at, i18n.language, now, justNow)}</time> : t('messaging.status.none')}</dd>
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
          <p className="font-medium">{t('messaging.status.problemTitle', { platform, when: when(problem.at, i18n.language, now, justNow) })}</p>
          <p>{problemText(t, channel.platform, problem)}</p>
          {problem.code !== null && <p className="text-xs">{t('messaging.status.code', { platform, code: problem.code })}</p>}
        </Alert>
      )}
    </div>
  );
}
