import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../use-document-title';

export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <section className="mx-auto max-w-md space-y-4 py-16 text-center" aria-labelledby="not-found-title">
      <p className="text-5xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="text-2xl font-semibold">
        {t('notFound.title')}
      </h1>
      <p className="text-muted">{t('notFound.body')}</p>
      <Link to="/" className="inline-flex min-h-10 items-center rounded-lg bg-primary px-4 text-sm font-medium text-white hover:bg-primary-strong">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
