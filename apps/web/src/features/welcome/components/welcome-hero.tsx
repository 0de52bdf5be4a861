import { useTranslation } from 'react-i18next';

const STEPS = ['build', 'test', 'deploy'] as const;

export function WelcomeHero() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="welcome-title" className="space-y-8">
      <div className="space-y-4">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">{t('welcome.eyebrow')}</p>
        <h2 id="welcome-title" className="text-3xl font-bold leading-tight tracking-tight text-ink desktop:text-5xl">
          {t('welcome.title')}
        </h2>
        <p className="max-w-2xl text-base text-muted desktop:text-lg">{t('welcome.subtitle')}</p>
      </div>
      <ol className="grid gap-4 desktop:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step} className="rounded-2xl border border-line bg-white p-5 shadow-sm">
            <span className="inline-flex size-8 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary" aria-hidden="true">
              {index + 1}
            </span>
            <h3 className="mt-3 font-semibold text-ink">{t(`welcome.steps.${step}.title`)}</h3>
            <p className="mt-1 text-sm text-muted">{t(`welcome.steps.${step}.body`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
