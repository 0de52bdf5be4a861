import { useTranslation } from 'react-i18next';
import { SparkIcon, isSparkIconName } from '../../../components/ui/spark-icon';

interface WidgetPreviewProps {
  title: string;
  name?: string;
  greeting?: string;
  /** Already checked to be plain colour values. */
  primary?: string;
  secondary?: string;
  icon?: string;
}

/** product.md §2 widget preview: the Spark's chat widget as a visitor will see it, with its palette and icon. */
export function WidgetPreview({ title, name, greeting, primary = 'var(--color-primary)', secondary = 'var(--color-secondary)', icon }: WidgetPreviewProps) {
  const { t } = useTranslation();
  return (
    <figure className="space-y-2" data-testid="widget-preview">
      <figcaption className="font-semibold">{title}</figcaption>
      <div className="relative rounded-xl border border-line bg-canvas p-3" role="img" aria-label={t('chat.cards.widgetPreviewLabel', { name: name ?? '' })}>
        <div className="ml-auto w-full max-w-64 overflow-hidden rounded-xl border border-line bg-white shadow-md">
          <div className="flex items-center gap-2 px-3 py-2 text-sm font-semibold text-white" style={{ backgroundColor: secondary }}>
            {isSparkIconName(icon) && <SparkIcon name={icon} className="size-4" />}
            <span className="truncate">{name ?? t('chat.cards.widgetPreview')}</span>
          </div>
          <div className="space-y-2 p-3 text-xs">
            {greeting && <p className="max-w-[85%] rounded-lg rounded-tl-sm bg-canvas px-2.5 py-1.5 text-ink">{greeting}</p>}
            <p className="ml-auto w-fit max-w-[85%] rounded-lg rounded-tr-sm px-2.5 py-1.5 text-white" style={{ backgroundColor: primary }}>
              {t('chat.cards.widgetSample')}
            </p>
            <div className="rounded-md border border-line px-2 py-1.5 text-muted">{t('chat.composer.placeholder')}</div>
          </div>
        </div>
        <div className="mt-2 flex justify-end">
          <span className="inline-flex size-11 items-center justify-center rounded-full text-white shadow-lg" style={{ backgroundColor: primary }}>
            {isSparkIconName(icon) ? <SparkIcon name={icon} className="size-6" /> : <SparkIcon name="chat" className="size-6" />}
          </span>
        </div>
      </div>
    </figure>
  );
}
