import { VISITOR_CHANNELS, type Insights } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { shareOf } from '../insights-rules';

interface Tile {
  label: string;
  value: string;
  detail?: string;
}

/** The period at a glance: how many came, how many asked, how often the Spark had no answer, how answers were rated. */
export function StatTiles({ totals }: { totals: Insights['totals'] }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const votes = totals.thumbsUp + totals.thumbsDown;
  const unanswered = shareOf(Math.min(totals.unanswered, totals.questions), totals.questions);
  const liked = shareOf(totals.thumbsUp, votes);
  // Where the conversations came from besides the website: "5 on WhatsApp · 2 on Instagram".
  const elsewhere = VISITOR_CHANNELS.filter((channel) => channel !== 'widget' && totals.byChannel[channel] > 0)
    .map((channel) => t('insights.tiles.onChannel', { count: totals.byChannel[channel], channel: t(`channelNames.${channel}`) }))
    .join(' · ');
  const tiles: Tile[] = [
    {
      label: t('insights.tiles.conversations'),
      value: number.format(totals.conversations),
      ...(elsewhere ? { detail: elsewhere } : {}),
    },
    { label: t('insights.tiles.questions'), value: number.format(totals.questions) },
    {
      label: t('insights.tiles.unanswered'),
      value: unanswered === null ? '—' : percent.format(unanswered),
      detail: t('insights.tiles.unansweredDetail', { count: totals.unanswered, total: number.format(totals.questions) }),
    },
    {
      label: t('insights.tiles.thumbsUp'),
      value: liked === null ? '—' : percent.format(liked),
      detail: votes === 0 ? t('insights.tiles.noVotes') : t('insights.tiles.thumbsUpDetail', { count: votes, up: number.format(totals.thumbsUp) }),
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="insights-tiles">
      {tiles.map((tile) => (
        // Read as "Questions 42", though the figure is drawn large above its name.
        <div key={tile.label} className="flex flex-col rounded-2xl border border-line bg-white p-4 shadow-sm">
          <dt className="order-2 text-sm text-muted">{tile.label}</dt>
          <dd className="order-1 text-2xl font-semibold text-ink tabular-nums sm:text-3xl">{tile.value}</dd>
          {tile.detail && <dd className="order-3 mt-1 text-xs text-muted">{tile.detail}</dd>}
        </div>
      ))}
    </dl>
  );
}
