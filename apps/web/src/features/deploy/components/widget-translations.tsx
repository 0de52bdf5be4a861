import { LANGUAGES, MESSAGE_MAX_CHARS, SUGGESTED_QUESTION_CHARS, type Language, type WidgetTranslation, type WidgetTranslations } from '@sparks/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { ApiError } from '../../../lib/api-client';
import { refusedSetting, translationToSave } from '../widget-settings-rules';

interface WidgetTranslationsProps {
  /** The Spark's welcome message and suggested questions, and the language they are written in. */
  initialMessage: string;
  questions: string[];
  textLanguage: Language;
  translations: WidgetTranslations;
  saving: boolean;
  saved: boolean;
  error: ApiError | null;
  onSave: (language: Language, translation: WidgetTranslation | null) => void;
}

const FIELD =
  'field-sizing-content min-h-10 w-full resize-none rounded-lg border border-line bg-white px-3 py-2 text-sm text-ink placeholder:text-muted focus:outline-2 focus:outline-primary';

/**
 * The welcome message and suggested questions as visitors of the other language read them: the
 * owner writes them once per language, and the chat picks by the visitor's browser.
 */
export function WidgetTranslations({ textLanguage, ...props }: WidgetTranslationsProps) {
  const { t } = useTranslation();
  const id = useId();
  const others = LANGUAGES.filter((language) => language !== textLanguage);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3" data-testid="widget-translations">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-ink">
        {t('deploy.translations.title')}
      </h3>
      <p className="text-xs text-muted">{t('deploy.translations.intro', { language: t(`deploy.translations.language.${textLanguage}`) })}</p>
      {others.map((language) => (
        <TranslationForm
          // New questions start a new form; a save keeps this one (and the focus in it).
          key={`${language}:${props.questions.join('\n')}`}
          language={language}
          {...props}
        />
      ))}
    </section>
  );
}

function TranslationForm({
  language,
  initialMessage,
  questions,
  translations,
  saving,
  saved,
  error,
  onSave,
}: Omit<WidgetTranslationsProps, 'textLanguage'> & { language: Language }) {
  const { t } = useTranslation();
  const id = useId();
  const current = translations[language];
  const [welcome, setWelcome] = useState(current?.initialMessage ?? '');
  const [drafts, setDrafts] = useState<Record<string, string>>(() =>
    Object.fromEntries(questions.map((question) => [question, current?.suggestedQuestions[question] ?? ''])),
  );
  const next = translationToSave(welcome, drafts);
  const changed = JSON.stringify(next) !== JSON.stringify(current ?? null);
  const refused = refusedSetting(error) === 'translations';
  const name = t(`deploy.translations.language.${language}`);
  const save = (event: FormEvent) => {
    event.preventDefault();
    onSave(language, next);
  };
  return (
    <form onSubmit={save} className="space-y-3 rounded-xl border border-line bg-white/60 p-3" noValidate aria-labelledby={`${id}-for`}>
      <p id={`${id}-for`} className="text-sm font-medium text-ink">
        {t('deploy.translations.for', { language: name })}
      </p>
      <div className="space-y-1">
        <label htmlFor={`${id}-welcome`} className="block text-sm font-medium text-ink">
          {t('deploy.translations.welcome')}
        </label>
        <p id={`${id}-welcome-yours`} className="text-xs text-muted">
          {t('deploy.translations.yours', { text: initialMessage })}
        </p>
        <textarea
          id={`${id}-welcome`}
          lang={language}
          rows={2}
          maxLength={MESSAGE_MAX_CHARS}
          value={welcome}
          placeholder={t('deploy.translations.placeholder', { language: name })}
          aria-describedby={`${id}-welcome-yours`}
          onChange={(event) => setWelcome(event.target.value)}
          className={FIELD}
        />
      </div>
      {questions.length === 0 ? (
        <p className="text-xs text-muted">{t('deploy.translations.noQuestions')}</p>
      ) : (
        <ol className="space-y-2">
          {questions.map((question, index) => (
            <li key={question} className="space-y-1">
              <label htmlFor={`${id}-question-${index}`} className="block text-sm font-medium text-ink">
                {t('deploy.suggested.label', { number: index + 1 })}
              </label>
              <p id={`${id}-question-${index}-yours`} className="text-xs text-muted">
                {t('deploy.translations.yours', { text: question })}
              </p>
              <textarea
                id={`${id}-question-${index}`}
                lang={language}
                rows={1}
                maxLength={SUGGESTED_QUESTION_CHARS}
                value={drafts[question] ?? ''}
                placeholder={t('deploy.translations.placeholder', { language: name })}
                aria-describedby={`${id}-question-${index}-yours`}
                onChange={(event) => setDrafts({ ...drafts, [question]: event.target.value.replace(/\s*\n\s*/g, ' ') })}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return;
                  event.preventDefault();
                  event.currentTarget.form?.requestSubmit();
                }}
                className={FIELD}
              />
            </li>
          ))}
        </ol>
      )}
      <p className="text-xs text-muted">{t('deploy.translations.blankHint', { language: name })}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={saving || !changed}>
          {saving ? t('deploy.translations.saving') : t('deploy.translations.save')}
        </Button>
        <p role="status" aria-live="polite" className="text-sm text-green-800">
          {saved && !saving && !changed ? t('deploy.translations.saved', { language: name }) : ''}
        </p>
      </div>
      {error && <Alert tone="error">{refused ? t('deploy.translations.invalid') : error.message}</Alert>}
    </form>
  );
}
