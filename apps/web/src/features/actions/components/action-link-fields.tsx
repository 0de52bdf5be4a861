import { ACTION_LIMITS } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { braces, type DraftPartProps } from '../action-draft';

/** An address built from the inputs (a booking page), and the words that come with it. */
export function ActionLinkFields({ draft, onChange, problems, disabled }: DraftPartProps) {
  const { t } = useTranslation();
  const input = braces(t('actions.sample.input'));
  return (
    <div className="space-y-4" data-testid="action-link-fields">
      <TextField
        label={t('actions.link.url')}
        hint={t('actions.link.urlHint', { input })}
        placeholder={t('actions.link.urlPlaceholder', { input })}
        inputMode="url"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={ACTION_LIMITS.urlChars}
        value={draft.linkUrl}
        error={problems['does.url']}
        disabled={disabled}
        onChange={(event) => onChange({ linkUrl: event.target.value })}
      />
      <TextAreaField
        label={t('actions.link.reply')}
        hint={t('actions.link.replyHint', { link: braces('link') })}
        placeholder={t('actions.link.replyPlaceholder', { link: braces('link') })}
        rows={2}
        maxLength={ACTION_LIMITS.replyChars}
        value={draft.linkReply}
        error={problems['does.reply']}
        disabled={disabled}
        onChange={(event) => onChange({ linkReply: event.target.value })}
      />
    </div>
  );
}
