import type { CreatedApiKey } from '@sparks/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CopyBlock } from '../../../components/ui/copy-block';

/** The new key's secret, this once: with a first call to try it, and a way to put it away. */
export function CreatedKey({ created, origin, onDone }: { created: CreatedApiKey; origin: string; onDone: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The secret appears above the form: focus goes to it, so a keyboard or screen-reader user finds it.
  useEffect(() => heading.current?.focus(), []);
  const sparkId = created.key.sparkIds?.[0] ?? '<sparkId>';
  const example = [
    `curl ${origin}/api/v1/sparks/${sparkId}/ask \\`,
    `  -H "Authorization: Bearer ${created.secret}" \\`,
    '  -H "Content-Type: application/json" \\',
    `  -d '{"message": "${t('developers.created.sampleQuestion')}"}'`,
  ].join('\n');
  return (
    <section aria-labelledby="created-key-title" className="space-y-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4" data-testid="created-key">
      <h2 id="created-key-title" ref={heading} tabIndex={-1} className="text-base font-semibold text-emerald-950 focus:outline-none">
        {t('developers.created.title', { name: created.key.name })}
      </h2>
      <p id="created-key-warning" className="text-sm text-emerald-950">
        {t('developers.created.once')}
      </p>
      <CopyBlock value={created.secret} copyText={t('developers.created.copyKey')} describedBy="created-key-warning" />
      {created.key.scopes.includes('ask') && <CopyBlock value={example} label={t('developers.created.tryIt')} copyText={t('developers.created.copyExample')} />}
      <Button variant="ghost" className="border border-line bg-white" onClick={onDone}>
        {t('developers.created.done')}
      </Button>
    </section>
  );
}
