import type { ActionTrial } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { runDuration } from '../run-duration';

const SUBHEADING = 'text-xs font-semibold uppercase tracking-wide text-muted';
/** An answer can be long, and one long line: it scrolls inside its box and wraps anywhere, so the panel never widens. */
const CODE_BOX = 'max-h-60 overflow-auto whitespace-pre-wrap rounded-lg border border-line bg-white p-2 font-mono text-xs text-ink [overflow-wrap:anywhere]';

/** The request line as the owner would recognise it: a link is built, not called; the details may go by e-mail. */
function RequestLine({ method, url }: { method: string; url: string }) {
  const { t } = useTranslation();
  const [verb, address] =
    method === 'LINK' ? [t('actions.try.linkBuilt'), url] : method === 'EMAIL' ? [t('actions.try.emailTo'), url.replace(/^mailto:/, '')] : [method, url];
  return (
    <p className="font-mono text-xs text-ink [overflow-wrap:anywhere]" data-testid="action-try-request">
      <span className="font-semibold">{verb}</span> {address}
    </p>
  );
}

/** What one try did: whether it worked, the request as sent (secrets masked by the server), the answer and the reply. */
export function ActionTryResult({ trial }: { trial: ActionTrial }) {
  const { t, i18n } = useTranslation();
  const { run, request, response, reply } = trial;
  const headers = Object.entries(request.headers);
  const ok = run.status === 'ok';
  return (
    <div className="space-y-4" data-testid="action-try-result">
      <Alert tone={ok ? 'success' : 'error'}>
        <p className="font-medium">{ok ? t('actions.try.ok') : t('actions.try.failed')}</p>
        {run.problem && <p className="[overflow-wrap:anywhere]">{run.problem}</p>}
        <p className="text-xs">{t('actions.try.took', { duration: runDuration(run.durationMs, i18n.language) })}</p>
      </Alert>
      <section className="space-y-2">
        <h5 className={SUBHEADING}>{t('actions.try.request')}</h5>
        <RequestLine method={request.method} url={request.url} />
        {headers.length > 0 && (
          <table className="w-full table-fixed border-collapse text-left text-xs" data-testid="action-try-headers">
            <thead>
              <tr className="text-muted">
                <th scope="col" className="w-2/5 py-1 pr-2 font-medium">
                  {t('actions.try.headerName')}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {t('actions.try.headerValue')}
                </th>
              </tr>
            </thead>
            <tbody>
              {headers.map(([name, value]) => (
                <tr key={name} className="border-t border-line align-top">
                  <td className="py-1 pr-2 font-mono [overflow-wrap:anywhere]">{name}</td>
                  <td className="py-1 font-mono [overflow-wrap:anywhere]">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {request.body !== null && <pre className={CODE_BOX}>{request.body}</pre>}
      </section>
      <section className="space-y-2">
        <h5 className={SUBHEADING}>{t('actions.try.response')}</h5>
        {response ? (
          <>
            <p className="text-sm text-ink" data-testid="action-try-status">
              {t('actions.try.status', { status: response.status })}
            </p>
            {response.body ? <pre className={CODE_BOX}>{response.body}</pre> : <p className="text-sm text-muted">{t('actions.try.emptyBody')}</p>}
          </>
        ) : (
          <p className="text-sm text-muted">
            {request.method === 'LINK'
              ? t('actions.try.noCallLink')
              : request.method === 'EMAIL' && ok
                ? t('actions.try.emailSent')
                : t('actions.try.noAnswer')}
          </p>
        )}
      </section>
      <section className="space-y-2">
        <h5 className={SUBHEADING}>{t('actions.try.visitorReads')}</h5>
        <blockquote
          className="whitespace-pre-line rounded-lg border-l-4 border-primary bg-white px-3 py-2 text-sm text-ink [overflow-wrap:anywhere]"
          data-testid="action-try-reply"
        >
          {reply}
        </blockquote>
      </section>
    </div>
  );
}
