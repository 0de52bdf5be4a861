import { WEBSITE_PATTERN_MAX, WEBSITE_PATTERNS_MAX, type WebsiteProblem as CrawlProblem } from '@sparks/contract';
import type { TFunction } from 'i18next';
import type { PatternProblem, WebsiteProblem } from './website-rules';

/** Why a list of paths cannot be sent, naming the line the owner has to change. */
export function patternProblemText(t: TFunction, problem: PatternProblem): string {
  switch (problem.kind) {
    case 'tooMany':
      return t('websites.paths.errors.tooMany', { max: WEBSITE_PATTERNS_MAX });
    case 'tooLong':
      return t('websites.paths.errors.tooLong', { line: problem.line, max: WEBSITE_PATTERN_MAX });
    default:
      return t(`websites.paths.errors.${problem.kind}`, { line: problem.line });
  }
}

/** A refused website request in the user's language: the server's texts are English only. */
export function websiteProblemText(t: TFunction, problem: WebsiteProblem): string {
  switch (problem.kind) {
    case 'address':
      return t('websites.add.invalid');
    case 'include':
    case 'exclude':
      return t('websites.errors.paths', { max: WEBSITE_PATTERNS_MAX, length: WEBSITE_PATTERN_MAX });
    default:
      return t(`websites.errors.${problem.kind}`);
  }
}

/** What went wrong reading a site or one of its pages, in the owner's language, from the code the server gives. */
export function crawlProblemText(t: TFunction, problem: CrawlProblem): string {
  return t(`websites.problems.${problem.code}`, {
    host: problem.host ?? t('websites.problems.thisSite'),
    status: problem.status ?? '',
    limit: problem.limit ?? '',
  });
}
