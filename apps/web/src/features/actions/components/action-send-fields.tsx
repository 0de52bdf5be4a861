import { ACTION_LIMITS } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import type { DraftPartProps } from '../action-draft';

/** Where the visitor's details go (an e-mail address, a webhook or both) and what the visitor reads after. */
export function ActionSendFields({ draft, onChange, problems, disabled }: DraftPartProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4" data-testid="action-send-fields">
      <p className="text-xs text-muted">{t('actions.send.where')}</p>
      <TextField
        label={t('actions.send.email')}
        type="email"
        autoComplete="off"
        spellCheck={false}
        maxLength={254}
        value={draft.email}
        error={problems['does.email']}
        disabled={disabled}
        onChange={(event) => onChange({ email: event.target.value })}
      />
      <TextField
        label={t('actions.send.webhook')}
        hint={t('actions.send.webhookHint')}
        placeholder="https://"
        inputMode="url"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={ACTION_LIMITS.urlChars}
        value={draft.webhook}
        error={problems['does.webhook']}
        disabled={disabled}
        onChange={(event) => onChange({ webhook: event.target.value })}
      />
      <TextAreaField
        label={t('actions.send.reply')}
        placeholder={t('actions.send.replyPlaceholder')}
        rows={2}
        maxLength={ACTION_LIMITS.replyChars}
        value={draft.sendReply}
        error={problems['does.reply']}
        disabled={disabled}
        onChange={(event) => onChange({ sendReply: event.target.value })}
      />
      <TextAreaField
        label={t('actions.send.fallback')}
        placeholder={t('actions.send.fallbackPlaceholder')}
        rows={2}
        maxLength={ACTION_LIMITS.replyChars}
        value={draft.sendFallback}
        error={problems['does.fallback']}
        disabled={disabled}
        onChange={(event) => onChange({ sendFallback: event.target.value })}
      />
      <CheckboxField
        label={t('actions.send.handoff')}
        checked={draft.handoff}
        disabled={disabled}
        onChange={(event) => onChange({ handoff: event.target.checked })}
      />
    </div>
  );
}
