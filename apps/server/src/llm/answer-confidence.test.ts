import { describe, expect, it } from 'vitest';
import { CONFIDENCE_FEATURES, CONFIDENCE_MODEL, answerConfidence, confidenceFeatures, type RankedText } from './answer-confidence.js';

const shop: RankedText[] = [
  { title: 'policy.pdf', heading: 'Returns', score: 0.9, text: 'Bicycles can be returned within 30 days of purchase with the receipt.' },
  { title: 'policy.pdf', heading: 'Warranty', score: 0.4, text: 'Every frame carries a lifetime warranty against manufacturing defects.' },
  { title: 'policy.pdf', heading: 'Delivery', score: 0.3, text: 'Delivery to the mainland takes three working days; bicycles travel in a box.' },
];

const confidence = (question: string, ranked: readonly RankedText[], wordings: readonly string[] = []) =>
  answerConfidence(confidenceFeatures(question, wordings, ranked));

describe('how sure an answer may be of its passages', () => {
  it('frames the answer when one sentence of the first passage holds what the question asks', () => {
    expect(confidence('How many days do I have to return a bicycle?', shop)).toBeGreaterThanOrEqual(CONFIDENCE_MODEL.floor);
  });

  it('hedges when the passages share only a word they all hold, not what the question is about', () => {
    expect(confidence('Is my bicycle insured against theft?', shop)).toBeLessThan(CONFIDENCE_MODEL.floor);
  });

  it('hedges when nothing was found', () => {
    expect(confidence('How many days do I have to return a bicycle?', [])).toBeLessThan(CONFIDENCE_MODEL.floor);
  });

  it('reads the question in each wording it was searched in, such as its translation', () => {
    const spanish = '¿Cuántos días tengo para devolver una bicicleta?';
    expect(confidence(spanish, shop)).toBeLessThan(CONFIDENCE_MODEL.floor);
    expect(confidence(spanish, shop, ['How many days do I have to return a bicycle?'])).toBeGreaterThanOrEqual(CONFIDENCE_MODEL.floor);
  });

  it('rises as the passages cover more of the question, all else equal', () => {
    const base = confidenceFeatures('How many days do I have to return a bicycle?', [], shop);
    expect(answerConfidence({ ...base, coverage: 1 })).toBeGreaterThan(answerConfidence({ ...base, coverage: 0.3 }));
  });

  it('notes a figure asked for that the first passage lacks, and a first passage that is a table row', () => {
    const row: RankedText = { title: 'hours.md', heading: 'Opening hours', score: 1, kind: 'table', text: 'Day: Sunday · Hours: 8:30 – 13:00' };
    expect(confidenceFeatures('How much does delivery cost?', [], [{ ...shop[1]!, score: 1 }]).kindMissing).toBe(1);
    expect(confidenceFeatures('How many days do I have to return a bicycle?', [], shop).kindMissing).toBe(0);
    expect(confidenceFeatures('When are you open on Sunday?', [], [row]).structured).toBe(1);
  });

  it('keeps every feature between 0 and 1, so that the fitted weights compare', () => {
    const features = confidenceFeatures('How many days do I have to return a bicycle?', ['Return a bicycle'], shop);
    for (const name of CONFIDENCE_FEATURES) {
      expect(features[name]).toBeGreaterThanOrEqual(0);
      expect(features[name]).toBeLessThanOrEqual(1);
    }
  });
});
