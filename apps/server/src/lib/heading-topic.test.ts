import { describe, expect, it } from 'vitest';
import { definedTerm, headingTopic, topicInSentence } from './heading-topic.js';

describe('what a proposed question may ask about', () => {
  it('is never a word that stands for others, alone or with function words, in English or Spanish', () => {
    for (const heading of ['Others', 'This', 'It', 'Them', 'All of them', 'Everything else', 'Otros', 'Esto', 'Todo lo demás', 'Los demás', '3.4 Other things'])
      expect(headingTopic(heading), heading).toBeNull();
  });

  it('is never a piece of a sentence', () => {
    for (const heading of [
      'Installing and',
      'The use of the',
      'and then the server',
      'Configuración de la',
      'y después',
      'Returns (within 30 days',
      'It runs. Then it stops',
    ])
      expect(headingTopic(heading), heading).toBeNull();
  });

  it('is a title that names something, with its numbering left out', () => {
    expect(headingTopic('2.1 Returns and refunds:')).toBe('Returns and refunds');
    expect(headingTopic('Other payment methods')).toBe('Other payment methods');
    expect(headingTopic('Plan A')).toBe('Plan A');
    expect(headingTopic('E-mail settings')).toBe('E-mail settings');
    expect(headingTopic('What is it used for?')).toBe('What is it used for?');
    expect(headingTopic('Garantía del cuadro')).toBe('Garantía del cuadro');
  });

  it('is a term a passage opens by defining, when it has no heading', () => {
    expect(definedTerm('A frame warranty is a promise that the frame will not break.')).toBe('frame warranty');
    expect(definedTerm('El plazo de devolución es de 30 días.')).toBe('plazo de devolución');
    expect(definedTerm('Others are sold separately.')).toBeNull();
    expect(definedTerm('These packages are optional.')).toBeNull();
    expect(definedTerm('You can return a bicycle within 30 days.')).toBeNull();
  });

  it('reads lowered inside a question when its heading is in sentence case', () => {
    expect(topicInSentence('Shipping times')).toBe('shipping times');
    expect(topicInSentence('WordPress setup')).toBe('WordPress setup');
    expect(topicInSentence('WARRANTY TERMS')).toBe('warranty terms');
  });
});
