import { describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { ApiError } from '../../../lib/api-client';
import { PrivacyLink } from './privacy-link';
import { SuggestedQuestions } from './suggested-questions';

const idle = { saving: false, saved: false, error: null, onSave: () => undefined };

describe('the suggested questions of the deploy panel', () => {
  it('shows each question in a labelled field with its remove button, and the proposals as buttons that add one', async () => {
    const html = renderHtml(
      <SuggestedQuestions questions={['Do you ship abroad?']} proposed={['What should I know about returns?', 'Do you ship abroad?']} {...idle} />,
      await testI18n('en'),
    );
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Question 1<\/label>.*<textarea id="\1"[^>]*maxLength="120"[^>]*>Do you ship abroad\?<\/textarea>/);
    expect(html).toContain('aria-label="Remove question 1"');
    expect(html).toMatch(/<button[^>]*>Add question<\/button>/);
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>Add question/);
    // A proposal already offered is not proposed again.
    expect(html).toContain('aria-label="Add the question: What should I know about returns?"');
    expect(html).not.toContain('aria-label="Add the question: Do you ship abroad?"');
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Save questions<\/button>/);
    expect(html).toMatch(/<p role="status" aria-live="polite"[^>]*><\/p>/);
  });

  it('turns adding off at three questions, says why, and tells when no proposal is ready yet, in Spanish', async () => {
    const html = renderHtml(<SuggestedQuestions questions={['¿Uno?', '¿Dos?', '¿Tres?']} proposed={[]} {...idle} saved />, await testI18n('es'));
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Añadir pregunta<\/button>/);
    expect(html).toContain('Ya tienes el máximo de 3 preguntas.');
    expect(html).toContain('cuando estén leídos');
    expect(html).toContain('Preguntas guardadas.');
  });

  it("says what the server refused in the owner's language", async () => {
    const error = new ApiError('body.suggestedQuestions: Too big: expected array to have <=3 items', 400, 'VALIDATION_FAILED');
    const html = renderHtml(<SuggestedQuestions questions={[]} proposed={[]} {...idle} error={error} />, await testI18n('es'));
    expect(html).toContain('Aún no hay preguntas sugeridas.');
    expect(html).toContain('role="alert"');
    expect(html).toContain('como máximo 120 caracteres');
    expect(html).not.toContain('Too big');
  });
});

describe('the privacy link of the deploy panel', () => {
  it('explains where the widget links it, and offers to remove one that is set', async () => {
    const html = renderHtml(<PrivacyLink url="https://shop.example/privacy" {...idle} saved />, await testI18n('en'));
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Address of your privacy policy<\/label>.*<input[^>]*id="\1"[^>]*aria-describedby="\1-hint"[^>]*type="url"/);
    expect(html).toContain('where it asks visitors for their e-mail address');
    expect(html).toContain('value="https://shop.example/privacy"');
    expect(html).toMatch(/<button[^>]*>Remove<\/button>/);
    expect(html).toContain('Privacy policy saved.');
  });

  it('shows a refused address as the field’s error, in Spanish, and nothing to remove when none is set', async () => {
    const error = new ApiError('body.privacyUrl: must be a web address such as https://shop.example/privacy', 400, 'VALIDATION_FAILED');
    const html = renderHtml(<PrivacyLink url={null} {...idle} error={error} />, await testI18n('es'));
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('Escribe una dirección web como https://tienda.example/privacidad.');
    expect(html).not.toContain('>Quitar<');
    expect(html).toContain('política de privacidad de Sparks');
  });
});
