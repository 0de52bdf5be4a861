import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Choice {
  label: string;
  /** What choosing does; a choice with `href` instead opens that web address in a new tab. */
  onChoose?: () => void;
  href?: string;
  /** Shown before the label (a colour swatch, a symbol). */
  decoration?: ReactNode;
}

const CHOICE =
  'inline-flex min-h-10 max-w-full items-center gap-2 rounded-lg border border-primary/30 bg-primary-soft px-3 py-1.5 text-left text-sm font-medium text-primary hover:bg-primary hover:text-white disabled:cursor-not-allowed disabled:opacity-50';

/** The answers a message offers, as real buttons (or links for web addresses). */
export function ChoiceButtons({ label, choices, disabled }: { label: string; choices: Choice[]; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {choices.map((choice, index) =>
        choice.href ? (
          <a key={index} href={choice.href} target="_blank" rel="noopener noreferrer" className={CHOICE}>
            {choice.decoration}
            <span className="break-words">{choice.label}</span>
            <span className="sr-only"> {t('chat.opensInNewTab')}</span>
          </a>
        ) : (
          <button key={index} type="button" className={CHOICE} disabled={disabled} onClick={choice.onChoose}>
            {choice.decoration}
            <span className="break-words">{choice.label}</span>
          </button>
        ),
      )}
    </div>
  );
}
