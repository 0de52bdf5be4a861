import type { WebsiteSchedule } from '@sparks/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import type { useWebsiteActions } from '../api/use-websites';
import { ScheduleSelect } from './schedule-select';

interface AddWebsiteDialogProps {
  open: boolean;
  onClose: () => void;
  add: ReturnType<typeof useWebsiteActions>['add'];
}

const WEB_ADDRESS = /^https?:\/\/[^\s/]+(?:\/\S*)?$/i;

/** The owner's website to learn from: its address, paths to leave out (one per line) and how often to read it again. */
export function AddWebsiteDialog({ open, onClose, add }: AddWebsiteDialogProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [exclude, setExclude] = useState('');
  const [schedule, setSchedule] = useState<WebsiteSchedule>('weekly');
  const [error, setError] = useState<string | undefined>();
  const excludeId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A bare "www.example.com" is what most owners type: it is read as https.
    const address = WEB_ADDRESS.test(url.trim()) ? url.trim() : `https://${url.trim()}`;
    if (!url.trim() || !WEB_ADDRESS.test(address)) return setError(t('websites.add.invalid'));
    setError(undefined);
    const patterns = exclude
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    add.mutate(
      { url: address, exclude: patterns, schedule },
      {
        onSuccess: () => {
          setUrl('');
          setExclude('');
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={t('websites.add.title')} description={t('websites.add.description')}>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <TextField
          label={t('websites.add.url')}
          placeholder="https://www.example.com"
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
        <div className="space-y-1.5">
          <label htmlFor={excludeId} className="block text-sm font-medium text-ink">
            {t('websites.add.exclude')}
          </label>
          <textarea
            id={excludeId}
            rows={3}
            value={exclude}
            onChange={(event) => setExclude(event.target.value)}
            placeholder={'/blog/*\n/private/'}
            className="block w-full rounded-lg border border-line bg-white px-3 py-2 text-base text-ink placeholder:text-muted/70 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
            aria-describedby={`${excludeId}-hint`}
          />
          <p id={`${excludeId}-hint`} className="text-xs text-muted">
            {t('websites.add.excludeHint')}
          </p>
        </div>
        <ScheduleSelect value={schedule} onChange={setSchedule} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" className="border border-line" onClick={onClose}>
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
