import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../../../components/ui/line-icon';
import { askNotifyPermission, notifyPermission, type NotifyPermission } from '../person-notifications';

/** Offers system notifications for visitors asking for a person; permission is asked on this click only. */
export function NotifyButton() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<NotifyPermission>(notifyPermission);
  if (permission === 'unsupported') return <p className="text-xs text-muted">{t('live.notify.unsupported')}</p>;
  if (permission === 'granted')
    return (
      <p className="text-xs text-muted" role="status">
        {t('live.notify.on')}
      </p>
    );
  if (permission === 'denied') return <p className="text-xs text-muted">{t('live.notify.denied')}</p>;
  return (
    <button
      type="button"
      onClick={() => void askNotifyPermission().then(setPermission)}
      className="inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-primary/40 px-3 text-left text-sm font-medium text-primary hover:bg-primary-soft"
      data-testid="live-notify"
    >
      <LineIcon className="size-4 shrink-0" d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      {t('live.notify.button')}
    </button>
  );
}
