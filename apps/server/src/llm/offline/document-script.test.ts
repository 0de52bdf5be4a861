import { describe, expect, it } from 'vitest';
import type { Passage, SparkSettings } from '../prompt-format.js';
import { documentStep } from './document-script.js';
import { OFFLINE_TEXTS } from './offline-texts.js';

const settings: SparkSettings = { sparkId: 's1', name: 'Bike shop', instructions: 'default', initialMessage: 'Hi', tests: 0 };
const passage = (marker: number, text: string, heading?: string): Passage => ({ marker, title: 'shop.pdf', text, ...(heading ? { heading } : {}) });

describe("the builder's suggested questions", () => {
  it('ask about headings and defined terms, never about a vague word or the opening words of a passage', () => {
    const passages = [
      passage(1, 'Others may apply in some shops.', 'Others'),
      passage(2, 'others can be ordered online and are shipped in a week.'),
      passage(3, 'All frames carry a lifetime warranty.', 'Frame warranty'),
      passage(4, 'This applies to every order.', 'This'),
      passage(5, 'A trade-in credit is money off a new bike for your old one.'),
      passage(6, 'and then the shop calls you back.', 'Installing and'),
    ];
    const text = documentStep('Suggest questions', passages, OFFLINE_TEXTS.en, settings)?.text ?? '';
    expect(text.split('\n')).toEqual([
      'Questions your visitors could ask:',
      '- What does it say about frame warranty?',
      '- What does it say about trade-in credit?',
    ]);
  });

  it('says so when the documents give nothing to ask about, in the owner’s language', () => {
    const passages = [passage(1, 'others can be ordered online.'), passage(2, 'Esto también.', 'Esto')];
    expect(documentStep('Sugerir preguntas', passages, OFFLINE_TEXTS.es, settings)?.text).toBe(OFFLINE_TEXTS.es.questionsNone);
  });
});
