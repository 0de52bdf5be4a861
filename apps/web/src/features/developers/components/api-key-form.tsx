import { API_KEY_LIMITS, API_KEY_SCOPES, type ApiKeyScope, type CreatedApiKey } from '@sparks/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useApiKeyActions, useSparkNames } from '../api/use-api-keys';
import { DEVELOPERS_REFUSALS } from '../developer-rules';
import { refusalText } from '../../../lib/refusal-text';

const EXPIRIES = ['never', '30', '90', '365'] as const;

/** A new key: its name, what it may do, the Sparks it may use and how long it lasts. */
export function ApiKeyForm({ keysLeft, onCreated }: { keysLeft: number; onCreated: (created: CreatedApiKey) => void }) {
  const { t } = useTranslation();
  const { create } = useApiKeyActions();
  const sparks = useSparkNames();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['ask']);
  const [allSparks, setAllSparks] = useState(true);
  const [sparkIds, setSparkIds] = useState<string[]>([]);
  const [expiry, setExpiry] = useState<(typeof EXPIRIES)[number]>('never');
  const [problem, setProblem] = useState<{ name?: string; scopes?: string; sparks?: string }>({});

  const toggle = <T,>(list: T[], value: T, on: boolean): T[] => (on ? [...list, value] : list.filter((item) => item !== value));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(name.trim() ? {} : { name: t('developers.form.nameRequired') }),
      ...(scopes.length ? {} : { scopes: t('developers.form.scopesRequired') }),
      ...(allSparks || sparkIds.length ? {} : { sparks: t('developers.form.sparksRequired') }),
    };
    setProblem(found);
    if (Object.keys(found).length) return;
    create.mutate(
      { name: name.trim(), scopes, sparkIds: allSparks ? null : sparkIds, expiresInDays: expiry === 'never' ? null : Number(expiry) },
      {
        onSuccess: (created) => {
          setName('');
          onCreated(created);
        },
      },
    );
  };
  const refusal = create.error ? refusalText(create.error, DEVELOPERS_REFUSALS, t) : undefined;
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-line bg-white p-4" aria-labelledby="new-key-title">
      <h2 id="new-key-title" className="text-base font-semibold">
        {t('developers.form.title')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField
          label={t('developers.form.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problem.name}
          maxLength={API_KEY_LIMITS.nameMax}
          placeholder={t('developers.form.namePlaceholder')}
        />
        <SelectField label={t('developers.form.expiry')} value={expiry} onChange={(event) => setExpiry(event.target.value as (typeof EXPIRIES)[number])}>
          {EXPIRIES.map((value) => (
            <option key={value} value={value}>
              {value === 'never' ? t('developers.form.never') : t('developers.form.days', { count: Number(value) })}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="space-y-2" aria-describedby={problem.scopes ? 'key-scopes-error' : undefined}>
        <legend className="text-sm text-muted">{t('developers.form.scopes')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {API_KEY_SCOPES.map((scope) => (
            <CheckboxField
              key={scope}
              checked={scopes.includes(scope)}
              onChange={(event) => setScopes(toggle(scopes, scope, event.target.checked))}
              label={
                <>
                  <span className="font-medium">{t(`developers.scopes.${scope}`)}</span>
                  <span className="block text-muted">{t(`developers.scopeHints.${scope}`)}</span>
                </>
              }
            />
          ))}
        </div>
        {problem.scopes && (
          <p id="key-scopes-error" role="alert" className="text-sm text-red-700">
            {problem.scopes}
          </p>
        )}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm text-muted">{t('developers.form.sparks')}</legend>
        <CheckboxField checked={allSparks} onChange={(event) => setAllSparks(event.target.checked)} label={t('developers.form.allSparks')} />
        {!allSparks && (
          <div className="grid gap-2 pl-6 sm:grid-cols-2" data-testid="key-sparks">
            {sparks.isPending && <p className="text-sm text-muted">{t('developers.form.loadingSparks')}</p>}
            {sparks.data?.length === 0 && <p className="text-sm text-muted">{t('developers.form.noSparks')}</p>}
            {sparks.data?.map((spark) => (
              <CheckboxField
                key={spark._id}
                checked={sparkIds.includes(spark._id)}
                onChange={(event) => setSparkIds(toggle(sparkIds, spark._id, event.target.checked))}
                label={<span className="[overflow-wrap:anywhere]">{spark.name}</span>}
              />
            ))}
          </div>
        )}
        {problem.sparks && (
          <p role="alert" className="text-sm text-red-700">
            {problem.sparks}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={create.isPending || keysLeft === 0}>
          {create.isPending ? t('developers.form.creating') : t('developers.form.create')}
        </Button>
        {keysLeft === 0 && <span className="text-sm text-muted">{t('developers.errors.limit')}</span>}
      </div>
      <div aria-live="polite">{refusal && <Alert tone="error">{refusal}</Alert>}</div>
    </form>
  );
}
