import { CDDA_STORAGE_QUESTIONS } from './questions/cdda-storage.js';
import { DEBIAN_EDU_ES_QUESTIONS } from './questions/debian-edu-es.js';
import { DEBIAN_REFERENCE_ES_QUESTIONS } from './questions/debian-reference-es.js';
import { GPL_3_QUESTIONS } from './questions/gpl-3.js';
import { KEEPASSXC_CHANGELOG_QUESTIONS } from './questions/keepassxc-changelog.js';
import { LILYPOND_USAGE_ES_QUESTIONS } from './questions/lilypond-usage-es.js';
import { MAINT_GUIDE_ES_QUESTIONS } from './questions/maint-guide-es.js';
import { MUTT_GETTING_STARTED_QUESTIONS } from './questions/mutt-getting-started.js';
import { PRIVOXY_DOCS_QUESTIONS } from './questions/privoxy-docs.js';
import { R_DATA_QUESTIONS } from './questions/r-data.js';
import { R_FAQ_QUESTIONS } from './questions/r-faq.js';
import { SOCIAL_CONTRACT_SCAN_QUESTIONS } from './questions/social-contract-scan.js';
import { TEAM_HANDBOOK_QUESTIONS } from './questions/team-handbook.js';
import type { EvalQuestion } from './questions/types.js';

export type { EvalQuestion } from './questions/types.js';
export { TEAM_HANDBOOK_QUESTIONS };

/** Every tuning question over the public documents, in corpus order (the held-out ones are in held-out/questions.ts). */
export const QUESTIONS: readonly EvalQuestion[] = [
  ...R_FAQ_QUESTIONS,
  ...R_DATA_QUESTIONS,
  ...MAINT_GUIDE_ES_QUESTIONS,
  ...DEBIAN_EDU_ES_QUESTIONS,
  ...DEBIAN_REFERENCE_ES_QUESTIONS,
  ...LILYPOND_USAGE_ES_QUESTIONS,
  ...GPL_3_QUESTIONS,
  ...KEEPASSXC_CHANGELOG_QUESTIONS,
  ...SOCIAL_CONTRACT_SCAN_QUESTIONS,
  ...PRIVOXY_DOCS_QUESTIONS,
  ...CDDA_STORAGE_QUESTIONS,
  ...MUTT_GETTING_STARTED_QUESTIONS,
];

/** Tuning questions by id, in the order given. */
export const questionsByIds = (ids: readonly string[]): EvalQuestion[] =>
  ids.map((id) => {
    const found = [...QUESTIONS, ...TEAM_HANDBOOK_QUESTIONS].find((question) => question.id === id);
    if (!found) throw new Error(`no question ${id}`);
    return found;
  });
