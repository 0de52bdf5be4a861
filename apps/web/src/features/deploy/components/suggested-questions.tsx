import { SUGGESTED_QUESTION_CHARS, SUGGESTED_QUESTIONS_MAX } from '@sparks/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import type { ApiError } from '../../../lib/api-client';
import { openProposals, questionsChanged, questionsToSave, refusedSetting, withProposal } from '../widget-settings-rules';

interface SuggestedQuestionsProps {
  /** The questions the widget offers now. */
  questions: string[];
  /** Questions proposed from the documents' headings. */
  proposed: string[];
  saving: boolean;
  saved: boolean;
  error: ApiError | null;
  onSave: (questions: string[]) => void;
}

/**
 * The questions the widget offers visitors under its welcome message: edited in place, added blank
 * or from the proposals, and saved together.
 */
export function SuggestedQuestions({ questions, proposed, saving, saved, error, onSave }: SuggestedQuestionsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [drafts, setDrafts] = useState<string[]>(questions);
  const [blank, setBlank] = useState<number | null>(null);
  // Adding or removing a field takes away the button just pressed: focus goes where the owner continues.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  const fieldId = (index: number) => `${id}-question-${index}`;
  const full = drafts.length >= SUGGESTED_QUESTIONS_MAX;
  const changed = questionsChanged(drafts, questions);
  const open = openProposals(proposed, drafts);

  const change = (next: string[], focus?: string) => {
    setDrafts(next);
    setBlank(null);
    if (focus) focusNext.current = focus;
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const result = questionsToSave(drafts);
    if ('blank' in result) {
      setBlank(result.blank);
      document.getElementById(fieldId(result.blank))?.focus();
      return;
    }
    onSave(result.questions);
  };
  const refused = refusedSetting(error) === 'suggestedQuestions';

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3" data-testid="suggested-questions">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-ink">
        {t('deploy.suggested.title')}
      </h3>
      <p className="text-xs text-muted">{t('deploy.suggested.intro', { max: SUGGESTED_QUESTIONS_MAX })}</p>
      <form onSubmit={save} className="space-y-3" noValidate>
        {drafts.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line px-3 py-2 text-sm text-muted">{t('deploy.suggested.none')}</p>
        ) : (
          <ol className="space-y-2">
            {drafts.map((draft, index) => (
              <li key={index} className="space-y-1">
                <label htmlFor={fieldId(index)} className="block text-sm font-medium text-ink">
                  {t('deploy.suggested.label', { number: index + 1 })}
                </label>
                <div className="flex gap-2">
                  {/* Wraps instead of scrolling sideways, so a whole question can be read on a phone; one line of text all the same. */}
                  <textarea
                    id={fieldId(index)}
                    value={draft}
                    rows={2}
                    maxLength={SUGGESTED_QUESTION_CHARS}
                    onChange={(event) => change(drafts.map((item, at) => (at === index ? event.target.value.replace(/\s*\n\s*/g, ' ') : item)))}
                    onKeyDown={(event) => {
                      if (event.key !== 'Enter') return;
                      event.preventDefault();
                      event.currentTarget.form?.requestSubmit();
                    }}
                    aria-invalid={blank === index || undefined}
                    aria-describedby={blank === index ? `${fieldId(index)}-error` : undefined}
                    className={`field-sizing-content min-h-10 min-w-0 flex-1 resize-none rounded-lg border bg-white px-3 py-2 text-sm text-ink focus:outline-2 focus:outline-primary ${
                      blank === index ? 'border-red-600' : 'border-line'
                    }`}
                  />
                  <button
                    type="button"
                    disabled={saving}
                    aria-label={t('deploy.suggested.removeQuestion', { number: index + 1 })}
                    onClick={() => {
                      const next = drafts.filter((_, at) => at !== index);
                      change(next, next.length === 0 ? `${id}-add` : fieldId(Math.min(index, next.length - 1)));
                    }}
                    className="shrink-0 rounded-md px-2 text-sm text-red-700 hover:bg-red-50 disabled:opacity-50"
                  >
                    {t('deploy.suggested.remove')}
                  </button>
                </div>
                {blank === index && <FieldError id={`${fieldId(index)}-error`} message={t('deploy.suggested.blank', { number: index + 1 })} />}
              </li>
            ))}
          </ol>
        )}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button
            id={`${id}-add`}
            variant="ghost"
            className="border border-line"
            disabled={full || saving}
            onClick={() => change([...drafts, ''], fieldId(drafts.length))}
          >
            {t('deploy.suggested.add')}
          </Button>
          {full && <p className="text-xs text-muted">{t('deploy.suggested.full', { max: SUGGESTED_QUESTIONS_MAX })}</p>}
        </div>
        {proposed.length === 0 ? (
          <p className="text-xs text-muted">{t('deploy.suggested.proposedNone')}</p>
        ) : (
          open.length > 0 && (
            <div role="group" aria-labelledby={`${id}-proposed`} className="space-y-2">
              <p id={`${id}-proposed`} className="text-sm font-medium text-ink">
                {t('deploy.suggested.proposedTitle')}
              </p>
              <ul className="flex flex-wrap gap-2">
                {open.map((question) => (
                  <li key={question} className="min-w-0 max-w-full">
                    <button
                      type="button"
                      disabled={full || saving}
                      aria-label={t('deploy.suggested.propose', { question })}
                      onClick={() => change(withProposal(drafts, question), fieldId(drafts.length))}
                      className="max-w-full rounded-2xl border border-primary/40 bg-white px-3 py-1.5 text-left text-sm text-ink hover:bg-primary-soft disabled:cursor-not-allowed disabled:opacity-50"
                    >
                      <span aria-hidden="true" className="mr-1 font-semibold text-primary">
                        +
                      </span>
                      {question}
                    </button>
                  </li>
                ))}
              </ul>
              <p className="text-xs text-muted">{t('deploy.suggested.proposedHint')}</p>
            </div>
          )
        )}
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={saving || !changed}>
            {saving ? t('deploy.suggested.saving') : t('deploy.suggested.save')}
          </Button>
          <p role="status" aria-live="polite" className="text-sm text-green-800">
            {saved && !saving && !changed ? t('deploy.suggested.saved') : ''}
          </p>
        </div>
        {error && (
          <Alert tone="error">
            {refused ? t('deploy.suggested.invalid', { max: SUGGESTED_QUESTIONS_MAX, chars: SUGGESTED_QUESTION_CHARS }) : error.message}
          </Alert>
        )}
      </form>
    </section>
  );
}
