import type { EvalQuestion } from '../questions/types.js';
import { APTITUDE_MANUAL_ES_QUESTIONS } from './questions/aptitude-manual-es.js';
import { DEBIAN_FAQ_QUESTIONS } from './questions/debian-faq.js';
import { DEBIAN_HISTORY_ES_QUESTIONS } from './questions/debian-history-es.js';
import { DEBIAN_POLICY_QUESTIONS } from './questions/debian-policy.js';
import { EXPEYES17_ES_QUESTIONS } from './questions/expeyes17-es.js';
import { INSTALL_GUIDE_ES_QUESTIONS } from './questions/install-guide-es.js';
import { NUT_USER_MANUAL_QUESTIONS } from './questions/nut-user-manual.js';
import { OBS_RTMP_SERVICES_QUESTIONS } from './questions/obs-rtmp-services.js';
import { POSTGRESQL_DATETIME_QUESTIONS } from './questions/postgresql-datetime.js';

/** Every question over the held-out documents, in HELD_OUT_CORPUS order. */
export const HELD_OUT_QUESTIONS: readonly EvalQuestion[] = [
  ...DEBIAN_FAQ_QUESTIONS,
  ...NUT_USER_MANUAL_QUESTIONS,
  ...DEBIAN_POLICY_QUESTIONS,
  ...EXPEYES17_ES_QUESTIONS,
  ...DEBIAN_HISTORY_ES_QUESTIONS,
  ...INSTALL_GUIDE_ES_QUESTIONS,
  ...APTITUDE_MANUAL_ES_QUESTIONS,
  ...OBS_RTMP_SERVICES_QUESTIONS,
  ...POSTGRESQL_DATETIME_QUESTIONS,
];
