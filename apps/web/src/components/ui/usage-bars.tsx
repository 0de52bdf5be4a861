import { useTranslation } from 'react-i18next';

export interface UsageRow {
  label: string;
  used: number;
  limit: number;
}

/** What the account uses of its plan, one bar per limit; a bar near or at its end changes colour. */
export function UsageBars({ rows }: { rows: readonly UsageRow[] }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-3" aria-label={t('chat.cards.usage')}>
      {rows.map((row) => {
        const share = row.limit > 0 ? Math.min(1, row.used / row.limit) : 1;
        const tone = share >= 1 ? 'bg-red-600' : share >= 0.8 ? 'bg-amber-500' : 'bg-primary';
        return (
          <li key={row.label} className="space-y-1 text-sm">
            <div className="flex justify-between gap-3">
              <span className="font-medium text-muted">{row.label}</span>
              <span className="tabular-nums">{t('chat.cards.usageOf', { used: row.used, limit: row.limit })}</span>
            </div>
            <div
              role="progressbar"
              aria-label={row.label}
              aria-valuemin={0}
              aria-valuemax={row.limit}
              aria-valuenow={Math.min(row.used, row.limit)}
              className="h-2 overflow-hidden rounded-full bg-line"
            >
              <div className={`h-full rounded-full ${tone}`} style={{ width: `${Math.round(share * 100)}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
