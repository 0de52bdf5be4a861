import { WEBSITE_PATTERN_MAX, WEBSITE_PATTERNS_MAX } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import type { PathsDraft } from '../use-paths-draft';
import { PatternsField } from './patterns-field';

/**
 * Which of a site's addresses are read: only those under the include paths (all below the start
 * address when there are none), never those under the exclude paths, which win.
 */
export function WebsitePathsFields({ draft }: { draft: PathsDraft }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <PatternsField
        label={t('websites.paths.include')}
        hint={t('websites.paths.includeHint')}
        placeholder={'/help/\n/products/*'}
        value={draft.text.include}
        onChange={(value) => draft.change('include', value)}
        error={draft.errors.include}
        testId="website-include"
      />
      <PatternsField
        label={t('websites.paths.exclude')}
        hint={t('websites.paths.excludeHint')}
        placeholder={'/blog/*\n/private/'}
        value={draft.text.exclude}
        onChange={(value) => draft.change('exclude', value)}
        error={draft.errors.exclude}
        testId="website-exclude"
      />
      <p className="text-xs text-muted">{t('websites.paths.limits', { max: WEBSITE_PATTERNS_MAX, length: WEBSITE_PATTERN_MAX })}</p>
    </div>
  );
}
