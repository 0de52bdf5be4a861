import type { Website } from '@sparks/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

interface WebsitePagesProps {
  website: Website;
  busy: boolean;
  onRead: (leaveOut: string[]) => void;
}

/** The pages a crawl found, each ticked to be read; the owner unticks what to leave out, then reads the rest. */
export function WebsitePages({ website, busy, onRead }: WebsitePagesProps) {
  const { t } = useTranslation();
  const [left, setLeft] = useState<Set<string>>(() => new Set());
  const chosen = website.pages.length - left.size;
  const toggle = (url: string) =>
    setLeft((current) => {
      const next = new Set(current);
      if (next.has(url)) next.delete(url);
      else next.add(url);
      return next;
    });
  return (
    <div className="space-y-2">
      <ul className="max-h-60 space-y-1 overflow-y-auto rounded-lg border border-line bg-white p-2" aria-label={t('websites.pages.list')}>
        {website.pages.map((page) => {
          const path = new URL(page.url).pathname;
          return (
            <li key={page.url}>
              <label className="flex min-h-9 cursor-pointer items-center gap-2 rounded px-1 text-sm hover:bg-canvas">
                <input type="checkbox" className="size-4 accent-primary" checked={!left.has(page.url)} onChange={() => toggle(page.url)} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-ink" title={page.title}>
                    {page.title}
                  </span>
                  <span className="block truncate text-xs text-muted" title={page.url}>
                    {path} · {t(`websites.kinds.${page.kind}`)} · {Math.max(1, Math.round(page.bytes / 1024))} KB
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <Button className="w-full" disabled={busy || chosen === 0} onClick={() => onRead([...left])} data-testid="website-read">
        {t('websites.pages.read', { count: chosen })}
      </Button>
    </div>
  );
}
