import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { testI18n } from '#testing/render-html';
import { bodyOf, draftOf, emptyDraft, newRowId } from './action-draft';
import { formProblems, serverProblems } from './action-form-problems';
import { testAction } from './test-action';

let t: TFunction;
beforeAll(async () => {
  t = (await testI18n('en')).t;
});

describe('what the form says before it sends', () => {
  it('finds nothing wrong with a saved action', () => {
    expect(formProblems(bodyOf(draftOf(testAction())), t)).toEqual({ byField: {}, other: [] });
  });

  it('puts each of the contract’s problems under its field, in the owner’s words', () => {
    const draft = draftOf(testAction());
    const { byField, other } = formProblems(
      bodyOf({
        ...draft,
        name: ' ',
        examples: '',
        inputs: [{ ...draft.inputs[0]!, key: 'Order Number', type: 'choice', choices: '' }],
        url: '',
        headers: [{ rowId: newRowId(), name: 'Bad header', value: 'x{{order}}', secret: false, saved: false }],
      }),
      t,
    );
    expect(byField).toEqual({
      name: 'Give the action a name, up to 80 characters.',
      examples: 'Give 1 to 10 example requests, one a line, each up to 200 characters.',
      'inputs.0.key': 'Use lower-case letters, digits and _, starting with a letter, such as order_number.',
      'inputs.0.choices': 'List the choices, one a line: up to 20, each up to 80 characters.',
      'does.url': 'Give the https address, up to 2,000 characters.',
      'does.headers.0.name': 'Use a header name of letters, digits and -, such as Authorization.',
      'does.headers.0.value': 'Keep the value on one line, without double braces: an input never goes into a header.',
    });
    expect(other).toEqual([]);
  });

  it('checks what the server would refuse without needing anything it alone holds', () => {
    const draft = draftOf(testAction());
    const { byField } = formProblems(
      bodyOf({
        ...draft,
        method: 'POST',
        body: '{"order": {{order}}}',
        inputs: [draft.inputs[0]!, { ...draft.inputs[1]!, key: 'order' }],
        headers: [{ rowId: newRowId(), name: 'X-Key', value: '', secret: true, saved: false }],
      }),
      t,
    );
    expect(byField['does.body']).toContain('The body must be JSON');
    expect(byField['inputs.1.key']).toBe('Another input has this key: give each its own.');
    expect(byField['inputs.0.key']).toBeUndefined();
    expect(byField['does.headers.0.value']).toBe("Give the secret's value.");
  });

  it('asks where the details go when neither an e-mail address nor a webhook is given', async () => {
    const es = (await testI18n('es')).t;
    const body = bodyOf({
      ...emptyDraft(),
      name: 'Call me',
      purpose: 'Call back',
      examples: 'Call me',
      kind: 'send',
      sendReply: 'Thanks',
      sendFallback: 'Sorry',
    });
    expect(formProblems(body, t).byField).toEqual({ 'does.email': 'Give an e-mail address such as team@example.com, a webhook, or both.' });
    expect(formProblems(body, es).byField['does.email']).toBe('Escribe un correo electrónico como equipo@ejemplo.com, un webhook o ambos.');
  });
});

describe('the server’s refusal', () => {
  it('is one line a field, even when a message has a comma of its own', () => {
    expect(serverProblems('body.does.url: must be the API address, body.name: must not be empty')).toEqual([
      'body.does.url: must be the API address',
      'body.name: must not be empty',
    ]);
    expect(serverProblems('An input goes only in the path, or in the query.')).toEqual(['An input goes only in the path, or in the query.']);
  });
});
