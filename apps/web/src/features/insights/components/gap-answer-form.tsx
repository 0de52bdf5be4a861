import { OWNER_ANSWER_MAX, TEST_CASE_LIMITS } from '@sparks/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';

const FIELD =
  'block w-full rounded-lg border border-line bg-white px-3 py-2 text-sm text-ink focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30';

export interface GapAnswer {
  answer: string;
  saveTest: boolean;
  mustMention: string[];
}

/**
 * The owner's answer to a question: it joins the Spark's knowledge, and (ticked by default) a saved
 * test asks the question again after every change, checking the answer mentions the named facts.
 */
export function GapAnswerForm({ onSubmit, onCancel, pending }: { onSubmit: (answer: GapAnswer) => void; onCancel: () => void; pending: boolean }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState('');
  const [saveTest, setSaveTest] = useState(true);
  const [mentions, setMentions] = useState('');
  const mentionsId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!answer.trim()) return;
    const mustMention = mentions
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .slice(0, TEST_CASE_LIMITS.facts)
      .map((item) => item.slice(0, TEST_CASE_LIMITS.factChars));
    onSubmit({ answer: answer.trim(), saveTest, mustMention: saveTest ? mustMention : [] });
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg bg-canvas p-3">
      <TextAreaField
        label={t('insights.gaps.answerLabel')}
        hint={t('insights.gaps.answerHint')}
        value={answer}
        onChange={(event) => setAnswer(event.target.value)}
        rows={4}
        maxLength={OWNER_ANSWER_MAX}
        required
        inputClassName="text-sm"
        autoFocus
      />
      <label className="flex items-start gap-2 text-sm text-ink">
        <input type="checkbox" checked={saveTest} onChange={(event) => setSaveTest(event.target.checked)} className="mt-1 size-4 accent-primary" />
        <span>{t('insights.gaps.saveTest')}</span>
      </label>
      {saveTest && (
        <div className="space-y-1.5">
          <label htmlFor={mentionsId} className="block text-sm font-medium text-ink">
            {t('insights.gaps.mentionsLabel')}
          </label>
          <input
            id={mentionsId}
            value={mentions}
            onChange={(event) => setMentions(event.target.value)}
            placeholder={t('insights.gaps.mentionsPlaceholder')}
            className={FIELD}
          />
          <p className="text-xs text-muted">{t('insights.gaps.mentionsHint')}</p>
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          {t('insights.gaps.cancel')}
        </Button>
        <Button type="submit" disabled={pending || !answer.trim()}>
          {pending ? t('insights.gaps.saving') : t('insights.gaps.addAnswer')}
        </Button>
      </div>
    </form>
  );
}
