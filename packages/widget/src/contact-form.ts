import { element } from './widget-element';
import type { FrameTexts } from './widget-texts';

/** Sends the request; answers null when kept, else the words to show. */
export type SendContact = (email: string, question: string) => Promise<string | null>;

/**
 * The hand-off to a person, offered where the Spark had no answer or the visitor asked for one:
 * a button that opens a small form (address, question, consent linking the owner's privacy policy).
 */
export function contactOffer(texts: FrameTexts, question: string, privacyUrl: string, send: SendContact): HTMLElement {
  const box = element('div', 'contact');
  const open = element('button', 'small', texts.contact.offer);
  open.type = 'button';
  open.setAttribute('aria-expanded', 'false');
  const form = element('form', 'contact-form');
  form.hidden = true;
  form.noValidate = true;

  const emailLabel = element('label', undefined, texts.contact.email);
  const email = element('input');
  email.type = 'email';
  email.autocomplete = 'email';
  email.required = true;
  email.maxLength = 254;
  emailLabel.append(email);
  const questionLabel = element('label', undefined, texts.contact.question);
  const asked = element('textarea');
  asked.rows = 2;
  asked.maxLength = 4000;
  asked.value = question;
  questionLabel.append(asked);
  const consentLabel = element('label', 'consent');
  const consent = element('input');
  consent.type = 'checkbox';
  const privacy = element('a', undefined, texts.contact.privacy);
  privacy.href = privacyUrl;
  privacy.target = '_blank';
  privacy.rel = 'noopener noreferrer';
  consentLabel.append(consent, document.createTextNode(` ${texts.contact.consent} `), privacy);
  const status = element('p', 'contact-status');
  status.setAttribute('role', 'status');
  const submit = element('button', 'small primary', texts.contact.send);
  submit.type = 'submit';
  form.append(emailLabel, questionLabel, consentLabel, status, submit);

  open.addEventListener('click', () => {
    form.hidden = !form.hidden;
    open.setAttribute('aria-expanded', String(!form.hidden));
    if (!form.hidden) email.focus();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const address = email.value.trim();
    const text = asked.value.trim();
    const problem = !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)
      ? texts.contact.badEmail
      : !text
        ? texts.contact.noQuestion
        : !consent.checked
          ? texts.contact.noConsent
          : '';
    email.setAttribute('aria-invalid', String(problem === texts.contact.badEmail));
    status.textContent = problem;
    if (problem) return;
    submit.disabled = true;
    void send(address, text).then((refusal) => {
      submit.disabled = false;
      if (refusal) {
        status.textContent = refusal;
        return;
      }
      const done = element('p', 'contact-status', texts.contact.sent(address));
      done.setAttribute('role', 'status');
      box.replaceChildren(done);
    });
  });
  box.append(open, form);
  return box;
}
