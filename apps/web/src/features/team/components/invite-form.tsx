import { ASSIGNABLE_ROLES, LANGUAGES, type AssignableRole, type Language } from '@sparks/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useTeamActions } from '../api/use-team';
import { TEAM_REFUSALS } from '../team-rules';
import { refusalText } from '../../../lib/refusal-text';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Invite a person by e-mail with a role; the e-mail goes out in the language chosen (the inviter's by default). */
export function InviteForm({ seatsLeft }: { seatsLeft: number | null }) {
  const { t, i18n } = useTranslation();
  const { invite } = useTeamActions();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('agent');
  const [language, setLanguage] = useState<Language>(i18n.resolvedLanguage === 'es' ? 'es' : 'en');
  const [problem, setProblem] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!EMAIL.test(address)) {
      setProblem(t('team.invite.emailInvalid'));
      return;
    }
    setProblem(undefined);
    setSentTo(undefined);
    invite.mutate(
      { email: address, role, language },
      {
        onSuccess: () => {
          setSentTo(address);
          setEmail('');
        },
      },
    );
  };
  const refusal = invite.error ? refusalText(invite.error, TEAM_REFUSALS, t) : undefined;
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-line bg-white p-4" aria-labelledby="invite-title">
      <h2 id="invite-title" className="text-base font-semibold">
        {t('team.invite.title')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <TextField
          label={t('team.invite.email')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={problem}
          maxLength={254}
        />
        <SelectField label={t('team.invite.role')} value={role} onChange={(event) => setRole(event.target.value as AssignableRole)}>
          {ASSIGNABLE_ROLES.map((name) => (
            <option key={name} value={name}>
              {t(`team.roles.${name}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('team.invite.language')} value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
          {LANGUAGES.map((name) => (
            <option key={name} value={name}>
              {t(`team.languages.${name}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-sm text-muted">{t(`team.roleHints.${role}`)}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={invite.isPending || seatsLeft === 0}>
          {invite.isPending ? t('team.invite.sending') : t('team.invite.send')}
        </Button>
        {seatsLeft === 0 && <span className="text-sm text-muted">{t('team.errors.seats')}</span>}
      </div>
      <div aria-live="polite">
        {sentTo && <Alert tone="success">{t('team.invite.sent', { email: sentTo })}</Alert>}
        {refusal && <Alert tone="error">{refusal}</Alert>}
      </div>
    </form>
  );
}
