import { questionsOf, type EvalQuestion } from './types.js';

const { fact, summary, unanswerable } = questionsOf('cdda-storage', 'en');

/**
 * A catalogue as JSON: the 54 bags, backpacks, cases and baskets of the game Cataclysm: Dark Days
 * Ahead, one record each with a name object, price, weight, materials, flags and a list of
 * pockets (each with its own capacity, weight limit and item length). Questions are a shopper's:
 * the answer is a field of one record, often deep in its list of pockets, and many records share
 * values, so the right record has to be found by its name. The whole file is page 1.
 */
export const CDDA_STORAGE_QUESTIONS: EvalQuestion[] = [
  fact('backpack-price', 'How much does the plain backpack cost?', ['3900'], 1),
  fact('hiking-main-pocket', 'How much fits in the main compartment of the hiking backpack?', ['50 L'], 1),
  fact('hiking-knife', 'can I carry a knife on it as well?', ['SHEATH_KNIFE'], 1, { after: 'hiking-main-pocket' }),
  fact('big-suitcase', 'What is the capacity of the huge wheeled suitcase?', ['110 L'], 1),
  fact('golf-umbrella', 'Does the golf bag have room for an umbrella?', ['a slot for an umbrella'], 1),
  fact('golf-price', 'and how much is it?', ['price: 800'], 1, { after: 'golf-umbrella' }),
  fact('violin-material', '¿De qué está hecho el estuche de violín?', ['plastic, steel, leather'], 1, { language: 'es' }),
  fact('daypack-weight', '¿Cuánto pesa la daypack?', ['411 g'], 1, { language: 'es' }),
  fact('daypack-waterproof', '¿y es impermeable?', ['Waterproof, slim, and spacious'], 1, { language: 'es', after: 'daypack-weight' }),
  fact('daypack-reference', "Which real daypack is the daypack's price based on?", ['REI Co-op 22-liter daypack'], 1),
  fact('dive-bag-price', "What's the price of the dive bag?", ['10900'], 1),
  fact('briefcase-use', '¿Para qué sirve el maletín?', ['carrying money, documents, or smuggled goods'], 1, { language: 'es' }),
  fact('net-backpack-smallest', "What's the smallest thing the net backpack will hold?", ['100 ml'], 1),
  fact('molle-meaning', '¿Qué significa MOLLE?', ['Modular Lightweight Load-carrying Equipment'], 1, { language: 'es' }),
  fact('long-rifle-case', 'How long a rifle fits in the long leather rifle case?', ['146 cm'], 1),
  fact('jerrypack-watertight', 'Is the jerrypack watertight?', ['watertight: true'], 1),
  fact('shopping-bag-weight', '¿Cuánto pesa la bolsa de plástico de la compra?', ['2 g'], 1, { language: 'es' }),
  fact('fanny-capacity', 'How much can I fit in the fanny pack?', ['2500 ml'], 1),
  fact('bigpack', '¿Con qué otro nombre se conoce la high-volume rucksack?', ['bigpack'], 1, { language: 'es' }),
  summary('summary', 'What kinds of bags are in this catalogue?', ['backpack', 'duffel', 'suitcase', 'rifle case', 'pouch', 'basket']),
  // What a shopper asks that item data does not hold: no warranty, shipping, stock, brand or care fields.
  unanswerable('shipping', 'How much is shipping?'),
  unanswerable('hiking-brand', 'What brand is the hiking backpack?'),
  unanswerable('in-stock', 'Is the survivor backpack in stock?'),
  unanswerable('carry-on', 'Can I take the mid-sized suitcase on a plane as hand luggage?'),
  unanswerable('returns', "Can I return a bag if it doesn't suit me?"),
  unanswerable('machine-wash', 'Can I put the daypack in the washing machine?'),
  unanswerable('duffel-wheels', 'Does the duffel bag have wheels?'),
  unanswerable('warranty', '¿Qué garantía tienen las mochilas?', { language: 'es' }),
  unanswerable('two-discount', '¿Hay descuento si compro dos?', { language: 'es' }),
  unanswerable('suitcase-lock', '¿La maleta grande trae candado de combinación?', { language: 'es' }),
];
