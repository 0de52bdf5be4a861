import { useTranslation } from 'react-i18next';

/** Shown while the assistant works on an answer and before its first words arrive. */
export function TypingIndicator() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex" data-testid="typing-indicator">
      <div className="inline-flex items-center gap-1 rounded-2xl rounded-tl-sm border border-line bg-white px-4 py-3 shadow-sm">
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            aria-hidden="true"
            className="size-2 animate-bounce rounded-full bg-muted motion-reduce:animate-none"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
        <span className="sr-only">{t('chat.typing')}</span>
      </div>
    </div>
  );
}
