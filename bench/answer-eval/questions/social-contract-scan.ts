import { questionsOf, type EvalQuestion } from './types.js';

const { fact, summary } = questionsOf('social-contract-scan', 'en');

/**
 * The Debian Social Contract, printed and scanned: three pages of pictures and no text layer,
 * read by OCR. A policy with numbered promises and guidelines; facts are as the page prints them
 * (and as OCR reads them, which the fact check verifies).
 */
export const SOCIAL_CONTRACT_SCAN_QUESTIONS: EvalQuestion[] = [
  fact('current-version', 'Which version is this and when was it ratified?', ['Version 1.2 ratified on October 1st, 2022'], 1),
  fact('first-version', 'and the very first version?', ['July 5, 1997'], 1, { after: 'current-version' }),
  fact('stays-free', '¿Debian va a seguir siendo libre?', ['Debian will remain 100% free'], 1, { language: 'es' }),
  fact('public-bugs', '¿Los informes de errores son públicos?', ['open for public view at all times'], 1, { language: 'es' }),
  fact('non-free-software', '¿Dónde van las obras que no son libres?', ['"contrib" and "non-free" areas'], 1, { language: 'es' }),
  fact('firmware', 'Can the official install media include firmware?', ['may include firmware'], 2),
  fact('selling', 'Can a license forbid selling the software?', ['may not restrict any party from selling or giving away the software'], 2),
  fact('source-code', 'does the program have to come with its source code?', ['The program must include source code'], 2),
  fact('fields-of-use', 'Could a license stop a business from using the program?', ['may not restrict the program from being used in a business'], 2),
  fact('example-licenses', '¿Qué licencias pone como ejemplo de libres?', ['"GPL", "BSD", and "Artistic"'], 2, { language: 'es' }),
  fact('drafted-by', '¿Quién redactó el documento?', ['drafted by Bruce Perens'], 3, { language: 'es' }),
  fact('suggested-by', '¿Y de quién fue la idea?', ['suggested by Ean Schuessler'], 3, { language: 'es', after: 'drafted-by' }),
  summary('summary', 'What is this document?', ['Social Contract', 'Free Software Guidelines', 'license', 'free software', 'users']),
];
