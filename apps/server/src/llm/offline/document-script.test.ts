import { describe, expect, it } from 'vitest';
import type { Passage, SparkSettings } from '../prompt-format.js';
import { builderIntent } from '../builder-intent.js';
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
    const text = documentStep('Suggest questions', builderIntent('Suggest questions'), passages, OFFLINE_TEXTS.en, settings)?.text ?? '';
    expect(text.split('\n')).toEqual([
      'Questions your visitors could ask:',
      '- What does it say about frame warranty?',
      '- What does it say about trade-in credit?',
    ]);
  });

  it('says so when the documents give nothing to ask about, in the owner’s language', () => {
    const passages = [passage(1, 'others can be ordered online.'), passage(2, 'Esto también.', 'Esto')];
    expect(documentStep('Sugerir preguntas', builderIntent('Sugerir preguntas'), passages, OFFLINE_TEXTS.es, settings)?.text).toBe(
      OFFLINE_TEXTS.es.questionsNone,
    );
  });
});

describe("the builder's summary", () => {
  it('is the outline a visitor gets: the sections in the order given, each with its heading and opening', () => {
    const passages = [
      { ...passage(1, 'Opening hours are listed by day. Sundays are short.', 'Opening hours'), document: 1 },
      { ...passage(2, 'Returns are accepted within 30 days. Keep the receipt.', 'Returns'), document: 1 },
      { ...passage(3, 'Repairs take a week. Bring the bike in.', 'Repairs'), document: 1 },
    ];
    const step = documentStep('Summarize my documents', builderIntent('Summarize my documents'), passages, OFFLINE_TEXTS.en, settings);
    expect(step?.text.split('\n')).toEqual([
      OFFLINE_TEXTS.en.outlineIntro('shop.pdf'),
      '- **Opening hours**: Opening hours are listed by day. Sundays are short. [1]',
      '- **Returns**: Returns are accepted within 30 days. Keep the receipt. [2]',
      '- **Repairs**: Repairs take a week. Bring the bike in. [3]',
    ]);
  });

  it('is not attempted for a message that asks nothing of the documents', () => {
    expect(builderIntent('Rename it to Bike Helper')).toBeNull();
    expect(documentStep('Rename it to Bike Helper', null, [passage(1, 'Text.')], OFFLINE_TEXTS.en, settings)).toBeUndefined();
  });
});
