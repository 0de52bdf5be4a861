import { useTranslation } from 'react-i18next';

interface ChartTableProps {
  caption: string;
  columns: readonly string[];
  rows: ReadonlyArray<readonly [string, ...number[]]>;
}

/** A chart's figures as a table, folded under it: for screen readers, and for anyone who wants the exact numbers. */
export function ChartTable({ caption, columns, rows }: ChartTableProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <details className="text-sm">
      <summary className="inline-flex min-h-9 cursor-pointer items-center rounded-md text-primary hover:underline">{t('insights.stats.showTable')}</summary>
      <div className="mt-2 max-h-72 overflow-auto rounded-lg border border-line">
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-canvas text-xs text-muted">
            <tr>
              {columns.map((column, index) => (
                <th key={column} scope="col" className={`px-3 py-2 font-medium ${index > 0 ? 'text-right' : ''}`}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, ...values]) => (
              <tr key={label} className="border-t border-line">
                <th scope="row" className="px-3 py-1.5 font-normal text-ink">
                  {label}
                </th>
                {values.map((value, index) => (
                  <td key={columns[index + 1]} className="px-3 py-1.5 text-right text-ink">
                    {number.format(value)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
