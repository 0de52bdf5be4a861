import { questionsOf, type EvalQuestion } from './types.js';

const { fact, summary } = questionsOf('gpl-3', 'en');

/**
 * The GNU GPL version 3 as a plain-text terms document: numbered sections without any
 * markup, one long page, the kind of terms a business puts beside its product. Questions ask
 * what a customer may or must do, as people ask about terms.
 */
export const GPL_3_QUESTIONS: EvalQuestion[] = [
  fact('charge-for-copies', '¿Puedo cobrar por las copias que distribuya?', ['You may charge any price or no price'], 1, { language: 'es' }),
  fact('sell-warranty', '¿y puedo vender también una garantía?', ['offer support or warranty protection for a fee'], 1, {
    language: 'es',
    after: 'charge-for-copies',
  }),
  fact('breaking-terms', 'What happens if I break the license?', ['automatically terminate your rights'], 1),
  fact('cure-period', 'how long do I have to fix it after they notify me?', ['prior to 30 days after your receipt of the notice'], 1, {
    after: 'breaking-terms',
  }),
  fact('reinstated', 'When do I get my license back for good after I stop violating it?', ['prior to 60 days after the cessation'], 1),
  fact('written-offer', 'How long must a written offer for the source code stay valid?', ['valid for at least three years'], 1),
  fact('source-price', 'and how much may I charge for sending the source?', ['no more than your reasonable cost'], 1, { after: 'written-offer' }),
  fact('modified-version', 'What must I mark when I distribute a modified version?', ['prominent notices stating that you modified'], 1),
  fact('aggregate', '¿Qué es un «agregado»?', ['separate and independent works'], 1, { language: 'es' }),
  fact('user-product', 'what counts as a consumer product?', ['tangible personal property'], 1),
  fact('warranty', '¿El programa tiene garantía?', ['THERE IS NO WARRANTY FOR THE PROGRAM'], 1, { language: 'es' }),
  fact('no-version-given', "The program doesn't say which GPL version applies. Which one can I use?", ['you may choose any version ever published'], 1),
  fact('proprietary', '¿Puedo meter este código en un programa privativo?', ['does not permit incorporating your program into proprietary programs'], 1, {
    language: 'es',
  }),
  fact('library-instead', '¿Y si es una biblioteca?', ['GNU Lesser General Public License'], 1, { language: 'es', after: 'proprietary' }),
  fact('accept-to-run', '¿Tengo que aceptar la licencia solo para usar el programa?', ['You are not required to accept this License'], 1, { language: 'es' }),
  fact('royalty', '¿Puedo cobrar regalías a quien lo use con estos términos?', ['you may not impose a license fee, royalty, or other charge'], 1, {
    language: 'es',
  }),
  fact('apply-to-program', 'How do I apply these terms to my own new program?', ['attach the following notices to the program'], 1),
  summary('summary', 'resume estos términos', ['source code', 'warranty', 'patent', 'convey', 'free software'], { language: 'es' }),
];
