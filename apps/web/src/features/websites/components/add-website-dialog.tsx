import type { Website, WebsiteSchedule } from '@sparks/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import type { useWebsiteActions } from '../api/use-websites';
import { usePathsDraft } from '../use-paths-draft';
import { websiteProblemText } from '../website-messages';
import { websiteProblemOf } from '../website-rules';
import { ScheduleSelect } from './schedule-select';
import { WebsitePathsFields } from './website-paths-fields';

interface AddWebsiteDialogProps {
  open: boolean;
  onClose: () => void;
  add: ReturnType<typeof useWebsiteActions>['add'];
  /** Called once the site is added, before the dialog closes: a screen that opened it from elsewhere shows where its pages arrive. */
  onAdded?: (website: Website) => void;
  /** Where focus goes when the dialog closes, when no button of the page opened it (the attach menu's entry is gone by then). */
  onCloseAutoFocus?: (event: Event) => void;
}

const WEB_ADDRESS = /^https?:\/\/[^\s/]+(?:\/\S*)?$/i;

/** The owner's website to learn from: its address, the paths to read or leave out (one per line) and how often to read it again. */
export function AddWebsiteDialog({ open, onClose, add, onAdded, onCloseAutoFocus }: AddWebsiteDialogProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const paths = usePathsDraft();
  const [schedule, setSchedule] = useState<WebsiteSchedule>('weekly');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A bare "www.example.com" is what most owners type: it is sent as typed, and the server tries https, then http.
    const address = url.trim();
    const addressOk = Boolean(address) && WEB_ADDRESS.test(/^https?:\/\//i.test(address) ? address : `https://${address}`);
    setError(addressOk ? undefined : t('websites.add.invalid'));
    setRefusal(undefined);
    const patterns = paths.check();
    if (!addressOk || !patterns) return;
    add.mutate(
      { url: address, ...patterns, schedule },
      {
        onSuccess: (website) => {
          setUrl('');
          paths.reset();
          onAdded?.(website);
          onClose();
        },
        onError: (failure) => {
          const problem = websiteProblemOf(failure);
          const text = websiteProblemText(t, problem);
          // A refusal about a field shows on that field; the rest above the buttons.
          if (problem.kind === 'address' || problem.kind === 'unreadableAddress') setError(text);
          else if (problem.kind === 'include' || problem.kind === 'exclude') paths.refuse(problem.kind, text);
          else setRefusal(text);
        },
      },
    );
  };
  const close = () => {
    setRefusal(undefined);
    onClose();
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('websites.add.title')}
      description={t('websites.add.description')}
      {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
    >
      <form className="space-y-4" onSubmit={submit} noValidate data-testid="add-website-form">
        <TextField
          label={t('websites.add.url')}
          placeholder="www.example.com"
          inputMode="url"
          autoComplete="url"
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            setError(undefined);
          }}
          error={error}
          data-testid="website-url"
          autoFocus
        />
        <WebsitePathsFields draft={paths} />
        <ScheduleSelect value={schedule} onChange={setSchedule} />
        {refusal && <Alert tone="error">{refusal}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" className="border border-line" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? t('websites.add.adding') : t('websites.add.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
