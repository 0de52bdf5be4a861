import { describe, expect, it } from 'vitest';
import { testAction } from './test-action';
import { bodyOf, draftOf, emptyDraft } from './action-draft';

describe('an action’s draft', () => {
  it('sends a saved secret left empty without a value, so the server keeps it, and a typed one with it', () => {
    const draft = draftOf(testAction());
    expect(draft.headers.map(({ name, value, secret, saved }) => ({ name, value, secret, saved }))).toEqual([
      { name: 'Authorization', value: '', secret: true, saved: true },
      { name: 'X-Shop', value: 'casa-lucia', secret: false, saved: false },
    ]);
    const kept = bodyOf(draft);
    expect(kept.does.kind === 'api' && kept.does.headers).toEqual([
      { name: 'Authorization', secret: true },
      { name: 'X-Shop', value: 'casa-lucia', secret: false },
    ]);
    expect(kept.does.kind === 'api' && kept.does.headers?.[0]).not.toHaveProperty('value');
    const replaced = bodyOf({ ...draft, headers: draft.headers.map((header) => (header.secret ? { ...header, value: 'Bearer new' } : header)) });
    expect(replaced.does.kind === 'api' && replaced.does.headers?.[0]).toEqual({ name: 'Authorization', value: 'Bearer new', secret: true });
  });

  it('reads back what it was given: the examples, the inputs and the call', () => {
    const action = testAction();
    const body = bodyOf(draftOf(action));
    expect(body.name).toBe(action.name);
    expect(body.examples).toEqual(action.examples);
    expect(body.inputs).toEqual(action.inputs);
    expect(body.does).toMatchObject({ kind: 'api', method: 'GET', url: action.does.kind === 'api' ? action.does.url : '', body: null });
  });

  it('sends only the chosen kind, lists from their lines, choices only for a choice, and no body with GET', () => {
    const draft = {
      ...emptyDraft(),
      name: 'Book',
      examples: '  Book a table \n\n Reserve for Friday\n',
      inputs: [
        { rowId: 'r1', key: 'size', label: 'Size', type: 'choice' as const, required: true, sensitive: false, description: '', choices: 'S\n M \n' },
        { rowId: 'r2', key: 'name', label: 'Name', type: 'text' as const, required: true, sensitive: false, description: '', choices: 'left over' },
      ],
      body: '{"a": "{{size}}"}',
      linkUrl: 'https://booking.example/{{size}}',
      linkReply: 'Here: {{link}}',
    };
    expect(bodyOf(draft).examples).toEqual(['Book a table', 'Reserve for Friday']);
    expect(bodyOf(draft).inputs?.map((input) => input.choices)).toEqual([['S', 'M'], []]);
    expect(bodyOf(draft).does).toMatchObject({ kind: 'api', body: null });
    expect(bodyOf({ ...draft, method: 'POST' }).does).toMatchObject({ kind: 'api', body: '{"a": "{{size}}"}' });
    expect(bodyOf({ ...draft, kind: 'link' }).does).toEqual({ kind: 'link', url: 'https://booking.example/{{size}}', reply: 'Here: {{link}}' });
    expect(bodyOf({ ...draft, kind: 'send', email: ' team@example.com ', webhook: '  ', handoff: true }).does).toEqual({
      kind: 'send',
      email: 'team@example.com',
      webhook: null,
      reply: '',
      fallback: '',
      handoff: true,
    });
  });
});
