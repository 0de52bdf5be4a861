import type { Website } from '@sparks/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { useWebsiteActions } from '../api/use-websites';
import { usePathsDraft } from '../use-paths-draft';
import { websiteProblemText } from '../website-messages';
import { websiteProblemOf } from '../website-rules';
import { WebsitePathsFields } from './website-paths-fields';

interface WebsitePathsEditorProps {
  website: Website;
  save: ReturnType<typeof useWebsiteActions>['paths'];
  onDone: (saved: boolean) => void;
}

/** A website's include and exclude paths, changed in its card; the next reading of the site follows them. */
export function WebsitePathsEditor({ website, save, onDone }: WebsitePathsEditorProps) {
  const { t } = useTranslation();
  const draft = usePathsDraft(website);
  const [refusal, setRefusal] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    const patterns = draft.check();
    if (!patterns) return;
    save.mutate(
      { websiteId: website._id, ...patterns },
      {
        onSuccess: () => onDone(true),
        onError: (failure) => {
          const problem = websiteProblemOf(failure);
          const text = websiteProblemText(t, problem);
          if (problem.kind === 'include' || problem.kind === 'exclude') draft.refuse(problem.kind, text);
          else setRefusal(text);
        },
      },
    );
  };
  return (
    <form
      className="space-y-3 rounded-lg border border-line bg-canvas p-3"
      onSubmit={submit}
      noValidate
      aria-label={t('websites.paths.edit')}
      data-testid="website-paths-editor"
    >
      <WebsitePathsFields draft={draft} />
      {refusal && <Alert tone="error">{refusal}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" className="border border-line bg-white" onClick={() => onDone(false)}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('websites.paths.saving') : t('websites.paths.save')}
        </Button>
      </div>
    </form>
  );
}
