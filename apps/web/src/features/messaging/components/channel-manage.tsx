import type { MessagingPlatform } from '@sparks/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmInPlace } from '../../../components/ui/confirm-in-place';

interface ChannelManageProps {
  platform: MessagingPlatform;
  /** The connection form again, told how to close: `saved` when the new values were accepted. */
  form: (close: (saved: boolean) => void) => ReactNode;
  disconnecting: boolean;
  disconnectError: Error | null;
  onDisconnect: () => void;
}

/** Replacing a connected channel's token (the saved one is never shown) and disconnecting it, behind a confirmation. */
export function ChannelManage({ platform, form, disconnecting, disconnectError, onDisconnect }: ChannelManageProps) {
  const { t } = useTranslation();
  const [replacing, setReplacing] = useState(false);
  // Said once after a replacement, not after the first connection (the same call).
  const [replaced, setReplaced] = useState(false);
  return (
    <div className="space-y-4">
      {replacing ? (
        <div className="space-y-2 rounded-lg border border-line bg-white p-3">
          <p className="text-sm text-muted">{t(`messaging.${platform}.replaceHint`)}</p>
          {form((saved) => {
            setReplacing(false);
            setReplaced(saved);
          })}
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="ghost"
            className="border border-line"
            onClick={() => {
              setReplaced(false);
              setReplacing(true);
            }}
          >
            {t(`messaging.${platform}.replace`)}
          </Button>
        </div>
      )}
      {replaced && <Alert tone="success">{t('messaging.replaced')}</Alert>}
      <ConfirmInPlace
        label={t(`messaging.${platform}.disconnect.button`)}
        warning={t(`messaging.${platform}.disconnect.warning`)}
        confirmLabel={t('messaging.disconnect.confirm')}
        busy={disconnecting}
        onConfirm={onDisconnect}
      />
      {disconnectError && <Alert tone="error">{disconnectError.message}</Alert>}
    </div>
  );
}
