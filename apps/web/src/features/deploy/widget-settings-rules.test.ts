import { describe, expect, it } from 'vitest';
import { openProposals, privacyUrlToSave, questionsChanged, questionsToSave, refusedSetting, translationToSave, withProposal } from './widget-settings-rules';

describe("the widget's suggested questions in the deploy panel", () => {
  it('saves the questions trimmed, or points at the first blank one', () => {
    expect(questionsToSave([' Do you ship abroad? ', 'Opening hours?'])).toEqual({ questions: ['Do you ship abroad?', 'Opening hours?'] });
    expect(questionsToSave(['Do you ship abroad?', '  ', ''])).toEqual({ blank: 1 });
    expect(questionsToSave([])).toEqual({ questions: [] });
  });

  it('sees a change in the wording, the order or the number, not in spacing', () => {
    expect(questionsChanged(['A? '], ['A?'])).toBe(false);
    expect(questionsChanged(['B?', 'A?'], ['A?', 'B?'])).toBe(true);
    expect(questionsChanged(['A?', ''], ['A?'])).toBe(true);
  });

  it('takes a proposal once and only while there is room, and stops offering those taken', () => {
    expect(withProposal(['A?'], 'B?')).toEqual(['A?', 'B?']);
    expect(withProposal(['b? '], 'B?')).toEqual(['b? ']);
    expect(withProposal(['A?', 'B?', 'C?'], 'D?')).toEqual(['A?', 'B?', 'C?']);
    expect(openProposals(['A?', 'B?', 'C?'], ['a?', 'C? '])).toEqual(['B?']);
  });
});

describe("the widget's privacy link in the deploy panel", () => {
  it('takes a web address, with https when typed without a scheme, and blank as none', () => {
    expect(privacyUrlToSave(' https://shop.example/privacy ')).toEqual({ url: 'https://shop.example/privacy' });
    expect(privacyUrlToSave('shop.example/privacy')).toEqual({ url: 'https://shop.example/privacy' });
    expect(privacyUrlToSave('localhost:8080/privacy')).toEqual({ url: 'https://localhost:8080/privacy' });
    expect(privacyUrlToSave('http://shop.example/legal#privacy')).toEqual({ url: 'http://shop.example/legal#privacy' });
    expect(privacyUrlToSave('   ')).toEqual({ url: null });
  });

  it('refuses what is not a web page', () => {
    for (const typed of [
      'javascript:alert(1)',
      'mailto:privacy@shop.example',
      'ftp://shop.example/privacy',
      'shop example',
      'privacy',
      `https://shop.example/${'x'.repeat(500)}`,
    ]) {
      expect(privacyUrlToSave(typed), typed).toEqual({ invalid: true });
    }
  });

  it("tells which setting the server refused from its validation message, so the panel can say it in the owner's language", () => {
    expect(refusedSetting({ code: 'VALIDATION_FAILED', message: 'body.privacyUrl: must be a web address such as https://shop.example/privacy' })).toBe(
      'privacyUrl',
    );
    expect(refusedSetting({ code: 'VALIDATION_FAILED', message: 'body.suggestedQuestions: Too big: expected array to have <=3 items' })).toBe(
      'suggestedQuestions',
    );
    expect(refusedSetting({ code: 'NOT_FOUND', message: 'Spark not found' })).toBeNull();
    expect(refusedSetting(null)).toBeNull();
  });
});

describe("the widget's translations in the deploy panel", () => {
  it('leaves blank fields out, and removes a translation with nothing in it', () => {
    expect(translationToSave(' ¡Hola! ', { 'Do you ship abroad?': ' ¿Enviáis al extranjero? ', 'Opening hours?': '  ' })).toEqual({
      initialMessage: '¡Hola!',
      suggestedQuestions: { 'Do you ship abroad?': '¿Enviáis al extranjero?' },
    });
    expect(translationToSave('', { 'Opening hours?': '¿Horario?' })).toEqual({ initialMessage: null, suggestedQuestions: { 'Opening hours?': '¿Horario?' } });
    expect(translationToSave('  ', { 'Opening hours?': '' })).toBeNull();
  });

  it('knows a refused translation from the server’s message', () => {
    expect(refusedSetting({ code: 'VALIDATION_FAILED', message: 'body.translations.es.initialMessage: must not be blank' })).toBe('translations');
  });
});
