import { Trans, useTranslation } from 'react-i18next';

/** The platforms' own labels are shown as the owner will read them in their apps: bold. */
const PLATFORM_LABEL = <strong className="font-semibold text-ink" />;

/** One numbered step of a guide; the items' texts name the platform's screens and buttons in <b>…</b>. */
export function GuideSteps({ title, items }: { title: string; items: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-ink">{t(title)}</p>
      <ol className="list-decimal space-y-1.5 pl-5 text-sm text-muted">
        {items.map((item) => (
          <li key={item} className="break-words">
            <Trans i18nKey={item} components={{ b: PLATFORM_LABEL }} />
          </li>
        ))}
      </ol>
    </div>
  );
}
