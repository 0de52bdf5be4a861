import { whatsappTestBodySchema } from '@sparks/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';

interface WhatsappTestMessageProps {
  sending: boolean;
  sent: boolean;
  /** Meta's refusal in the server's plain words. */
  error: string | null;
  onSend: (to: string) => void;
}

/** One message from the business number to a phone the owner holds: proof the token and number work. */
export function WhatsappTestMessage({ sending, sent, error, onSend }: WhatsappTestMessageProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [to, setTo] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!whatsappTestBodySchema.safeParse({ to }).success) return setInvalid(true);
    setInvalid(false);
    onSend(to.trim());
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId} className="space-y-2" data-testid="whatsapp-test">
      <h4 id={titleId} className="text-sm font-semibold text-ink">
        {t('whatsapp.test.title')}
      </h4>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          className="min-w-0 flex-1 basis-48"
          label={t('whatsapp.test.to')}
          type="tel"
          autoComplete="tel"
          placeholder="34600111222"
          maxLength={24}
          value={to}
          error={invalid ? t('whatsapp.test.invalid') : undefined}
          onChange={(event) => {
            setTo(event.target.value);
            setInvalid(false);
          }}
        />
        <Button type="submit" disabled={sending || to.trim() === ''} className="min-h-11">
          {sending ? t('whatsapp.test.sending') : t('whatsapp.test.send')}
        </Button>
      </div>
      {sent && !sending && <Alert tone="success">{t('whatsapp.test.sent')}</Alert>}
      {error && !sending && <Alert tone="error">{error}</Alert>}
    </form>
  );
}
