import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface CopyBlockProps {
  value: string;
  label?: string;
  /** The button's words when what is copied is not code (two values on one card need two different buttons). */
  copyText?: string;
  /** The id of what a screen reader should hear with the copy button (a warning about what is copied). */
  describedBy?: string;
  onCopied?: () => void;
}

/** Code to paste elsewhere (the embed snippet), with a button that copies it and says so. */
export function CopyBlock({ value, label, copyText, describedBy, onCopied }: CopyBlockProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
      onCopied?.();
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="space-y-2">
      {label && <p className="text-sm font-medium text-muted">{label}</p>}
      <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-ink px-3 py-2 font-mono text-xs text-white">
        <code>{value}</code>
      </pre>
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={() => void copy()}
          aria-describedby={describedBy}
          className="inline-flex min-h-9 items-center rounded-lg border border-primary px-3 text-sm font-medium text-primary hover:bg-primary-soft"
        >
          {copyText ?? t('chat.cards.copy')}
        </button>
        <span role="status" className="text-sm text-muted">
          {state === 'copied' ? t('chat.cards.copied') : state === 'failed' ? t('chat.cards.copyFailed') : ''}
        </span>
      </div>
    </div>
  );
}
