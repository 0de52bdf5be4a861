import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isChatRoute } from '../navigation-rules';

/**
 * product.md §2: below 1140 px a green button with the new-spark menu text links to /new-spark (and is
 * not shown there, nor over a chat's message box).
 */
export function FloatingNewSparkButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (isChatRoute(pathname)) return null;
  return (
    <Link
      to="/new-spark"
      data-tutorial="new-spark"
      className="fixed bottom-5 right-5 z-30 inline-flex min-h-12 items-center gap-2 rounded-full bg-test px-5 text-sm font-semibold text-white shadow-lg hover:brightness-110 desktop:hidden"
    >
      <span aria-hidden="true">+</span>
      {t('nav.new-spark')}
    </Link>
  );
}
