import { ERROR_CODES } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { ChatFailure } from '../chat-reducer';

function messageKey(failure: ChatFailure): string {
  if (failure.status === 402) return 'chat.errors.limit';
  if (failure.code === ERROR_CODES.MODEL_UNAVAILABLE || failure.status === 502 || failure.status === 504) return 'chat.errors.model';
  if (failure.status === 404) return 'chat.errors.notFound';
  if (failure.status === 429) return 'chat.errors.rateLimited';
  if (failure.status === undefined) return 'chat.errors.network';
  return 'chat.errors.generic';
}

interface ChatErrorAlertProps {
  failure: ChatFailure;
  onRetry: () => void;
  onDismiss: () => void;
}

/** A failed turn, in the chat: why, a retry (or, at the plan's limit, the plans), and that the text is safe. */
export function ChatErrorAlert({ failure, onRetry, onDismiss }: ChatErrorAlertProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const limited = failure.status === 402;
  const action = 'inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-medium';
  return (
    <div role="alert" className="space-y-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="chat-error">
      <p>
        {t(messageKey(failure))}
        {failure.restoreDraft && !limited && <> {t('chat.errors.restored')}</>}
      </p>
      <div className="flex flex-wrap gap-2">
        {limited ? (
          <Link to={{ pathname: location.pathname, search: '?showPlans=true' }} className={`${action} bg-primary text-white hover:bg-primary-strong`}>
            {t('chat.errors.viewPlans')}
          </Link>
        ) : (
          <button type="button" onClick={onRetry} className={`${action} bg-red-700 text-white hover:bg-red-800`}>
            {t('chat.errors.retry')}
          </button>
        )}
        <button type="button" onClick={onDismiss} className={`${action} text-red-900 hover:bg-red-100`}>
          {t('chat.errors.dismiss')}
        </button>
      </div>
    </div>
  );
}
