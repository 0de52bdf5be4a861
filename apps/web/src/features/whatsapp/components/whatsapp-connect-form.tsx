import { connectWhatsappBodySchema, type ConnectWhatsappBody } from '@sparks/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import type { ApiError } from '../../../lib/api-client';

type Field = keyof ConnectWhatsappBody;
const FIELDS: Field[] = ['phoneNumberId', 'accessToken', 'appSecret'];

/** The server names the refused field in its message (`body.appSecret: …`): the error goes under that field. */
const serverErrorsByField = (error: ApiError | null): { byField: Partial<Record<Field, string>>; other: string | null } => {
  if (!error) return { byField: {}, other: null };
  const byField: Partial<Record<Field, string>> = {};
  const rest: string[] = [];
  for (const part of error.message.split(', ')) {
    const field = FIELDS.find((name) => part.includes(`.${name}`));
    if (field) byField[field] = part.replace(/^[^:]*:\s*/, '');
    else rest.push(part);
  }
  return { byField, other: rest.length > 0 ? rest.join(', ') : null };
};

interface WhatsappConnectFormProps {
  saving: boolean;
  error: ApiError | null;
  /** Replacing credentials of a connected channel: the button says so. */
  replacing?: boolean;
  onSubmit: (body: ConnectWhatsappBody) => void;
  onCancel?: () => void;
}

/** The three values from Meta, checked as the server checks them; the token and secret are never prefilled. */
export function WhatsappConnectForm({ saving, error, replacing = false, onSubmit, onCancel }: WhatsappConnectFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ConnectWhatsappBody>({ phoneNumberId: '', accessToken: '', appSecret: '' });
  const [invalid, setInvalid] = useState<Partial<Record<Field, true>>>({});
  const server = serverErrorsByField(error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = connectWhatsappBodySchema.safeParse(values);
    if (!parsed.success) {
      setInvalid(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], true])));
      return;
    }
    setInvalid({});
    onSubmit(parsed.data);
  };
  const errorFor = (field: Field) => (invalid[field] ? t(`whatsapp.form.invalid.${field}`) : server.byField[field]);
  const field = (name: Field) => ({
    value: values[name],
    error: errorFor(name),
    disabled: saving,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setInvalid(({ [name]: _cleared, ...rest }) => rest);
    },
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="whatsapp-connect-form">
      <TextField
        label={t('whatsapp.form.phoneNumberId')}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={25}
        hint={t('whatsapp.form.phoneNumberIdHint')}
        {...field('phoneNumberId')}
      />
      <TextField
        label={t('whatsapp.form.accessToken')}
        type="password"
        autoComplete="off"
        spellCheck={false}
        maxLength={2048}
        hint={t('whatsapp.form.accessTokenHint')}
        {...field('accessToken')}
      />
      <TextField
        label={t('whatsapp.form.appSecret')}
        type="password"
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        hint={t('whatsapp.form.appSecretHint')}
        {...field('appSecret')}
      />
      {server.other && <Alert tone="error">{server.other}</Alert>}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={saving}>
          {replacing ? t('whatsapp.form.replace') : t('whatsapp.form.connect')}
        </Button>
        {onCancel && (
          <Button variant="ghost" disabled={saving} onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
        {saving && <Spinner label={t('whatsapp.form.connecting')} />}
      </div>
    </form>
  );
}
