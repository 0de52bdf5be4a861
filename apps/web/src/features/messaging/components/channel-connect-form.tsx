import type { MessagingPlatform } from '@sparks/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import type { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../server-field-errors';

/** One value the platform gave the owner; a secret is typed unseen and never suggested by the browser. */
export interface ConnectField<F extends string> {
  name: F;
  secret?: boolean;
  numeric?: boolean;
  maxLength: number;
}

interface ChannelConnectFormProps<B extends Record<string, string>> {
  platform: MessagingPlatform;
  fields: readonly ConnectField<keyof B & string>[];
  /** The contract's body schema: the form checks what the server checks, and says it in the owner's words. */
  schema: z.ZodType<B>;
  saving: boolean;
  error: ApiError | null;
  /** Replacing the values of a connected channel: the button says so. */
  replacing?: boolean;
  onSubmit: (body: B) => void;
  onCancel?: () => void;
}

/** The values from Meta or BotFather, checked before they leave; tokens and secrets are never prefilled. */
export function ChannelConnectForm<B extends Record<string, string>>({
  platform,
  fields,
  schema,
  saving,
  error,
  replacing = false,
  onSubmit,
  onCancel,
}: ChannelConnectFormProps<B>) {
  type Field = keyof B & string;
  const { t } = useTranslation();
  const names = fields.map((field) => field.name);
  const [values, setValues] = useState<Record<Field, string>>(() => Object.fromEntries(names.map((name) => [name, ''])) as Record<Field, string>);
  const [invalid, setInvalid] = useState<Partial<Record<Field, true>>>({});
  const server = serverFieldErrors(error?.message ?? null, names);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setInvalid(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], true])) as Partial<Record<Field, true>>);
      return;
    }
    setInvalid({});
    onSubmit(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid={`${platform}-connect-form`}>
      {fields.map(({ name, secret, numeric, maxLength }) => (
        <TextField
          key={name}
          label={t(`messaging.${platform}.form.${name}`)}
          hint={t(`messaging.${platform}.form.${name}Hint`)}
          type={secret ? 'password' : 'text'}
          inputMode={numeric ? 'numeric' : undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={maxLength}
          value={values[name]}
          error={invalid[name] ? t(`messaging.${platform}.form.invalid.${name}`) : server.byField[name]}
          disabled={saving}
          onChange={(event) => {
            const { value } = event.target;
            setValues((current) => ({ ...current, [name]: value }));
            setInvalid(({ [name]: _cleared, ...rest }) => rest as Partial<Record<Field, true>>);
          }}
        />
      ))}
      {server.other && <Alert tone="error">{server.other}</Alert>}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={saving}>
          {replacing ? t('messaging.form.replace') : t('messaging.form.connect')}
        </Button>
        {onCancel && (
          <Button variant="ghost" disabled={saving} onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
        {saving && <Spinner label={t('messaging.form.connecting')} />}
      </div>
    </form>
  );
}
