import { OWNER_ANSWER_MAX, type VisitorRequest } from '@sparks/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useRequestActions } from '../api/use-requests';
import { withoutGreeting } from '../insights-rules';
import { ReplyKnowledge } from './reply-knowledge';

/** A visitor's request: their address and question, the owner's reply (e-mailed to them) and deleting it. */
export function RequestItem({ sparkId, request }: { sparkId: string; request: VisitorRequest }) {
  const { t, i18n } = useTranslation();
  const { answer, remove } = useRequestActions(sparkId);
  const [replying, setReplying] = useState(false);
  const [text, setText] = useState('');
  // Opt-in: a reply is written to one visitor, and becomes knowledge only when the owner says so.
  const [learn, setLearn] = useState(false);
  const [knowledge, setKnowledge] = useState('');
  const replyId = useId();
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(request.createdAt));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    const learned = learn && knowledge.trim() ? knowledge.trim() : undefined;
    answer.mutate({ requestId: request._id, answer: text.trim(), ...(learned ? { knowledge: learned } : {}) }, { onSuccess: () => setReplying(false) });
  };
  const toggleLearn = (enabled: boolean) => {
    setLearn(enabled);
    if (enabled && !knowledge.trim()) setKnowledge(withoutGreeting(text));
  };
  return (
    <article className="space-y-3 rounded-xl border border-line bg-white p-4" aria-label={request.question} data-testid="request-item">
      <div className="space-y-1">
        <h3 className="break-words font-semibold text-ink">{request.question}</h3>
        <p className="break-all text-xs text-muted">
          <a href={`mailto:${request.email}`} className="text-primary underline">
            {request.email}
          </a>
          {` · ${when} · ${request.language === 'es' ? 'Español' : 'English'}`}
        </p>
      </div>
      {request.status === 'answered' ? (
        <div className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          <p className="font-medium">{t('insights.requests.answered')}</p>
          <p className="mt-1 whitespace-pre-line text-ink">{request.answer}</p>
          {request.ownerAnswerId && <p className="mt-2 text-xs text-emerald-800">{t('insights.requests.inKnowledge')}</p>}
        </div>
      ) : replying ? (
        <form onSubmit={submit} className="space-y-3 rounded-lg bg-canvas p-3">
          <label htmlFor={replyId} className="block text-sm font-medium text-ink">
            {t('insights.requests.replyLabel', { email: request.email })}
          </label>
          <textarea
            id={replyId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={4}
            maxLength={OWNER_ANSWER_MAX}
            required
            autoFocus
            className="block w-full rounded-lg border border-line bg-white px-3 py-2 text-sm focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
          />
          <ReplyKnowledge enabled={learn} onEnabled={toggleLearn} text={knowledge} onText={setKnowledge} replacesAnswer={request.ownerAnswerId !== null} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => setReplying(false)}>
              {t('insights.gaps.cancel')}
            </Button>
            <Button type="submit" disabled={answer.isPending || !text.trim() || (learn && !knowledge.trim())}>
              {answer.isPending ? t('insights.gaps.saving') : t('insights.requests.send')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button className="min-h-9" onClick={() => setReplying(true)}>
            {t('insights.requests.reply')}
          </Button>
          <Button variant="ghost" className="min-h-9 text-red-700" disabled={remove.isPending} onClick={() => remove.mutate(request._id)}>
            {t('insights.requests.delete')}
          </Button>
        </div>
      )}
      {(answer.isError || remove.isError) && (
        <p role="alert" className="text-sm text-red-800">
          {t('insights.requests.failed')}
        </p>
      )}
    </article>
  );
}
