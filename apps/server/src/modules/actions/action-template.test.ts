import type { ActionInput } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { UnsafeInput, renderBody, renderReply, renderUrl, urlTemplateProblem } from './action-template.js';
import { checkValues, maskedValues } from './action-values.js';

describe('an action’s templates', () => {
  it('puts an input in one path segment or one query value, never elsewhere', () => {
    // A dot segment climbs the path even encoded: no such value is sent.
    expect(() => renderUrl('https://shop.example/orders/{{id}}/items', { id: '..' })).toThrow(UnsafeInput);
    expect(() => renderUrl('https://shop.example/orders/{{id}}', { id: '.' })).toThrow(UnsafeInput);
    expect(renderUrl('https://shop.example/orders/{{id}}', { id: '1042/../..' })).toBe('https://shop.example/orders/1042%2F%2E%2E%2F%2E%2E');
    expect(renderUrl('https://shop.example/orders/{{id}}', { id: '...' })).toBe('https://shop.example/orders/%2E%2E%2E');
    expect(renderUrl('https://shop.example/find?q={{q}}&lang=es', { q: 'pan & sal=1#x' })).toBe('https://shop.example/find?q=pan%20%26%20sal%3D1%23x&lang=es');
    expect(urlTemplateProblem('https://{{shop}}.example/x', ['shop'], false)).toMatch(/host must be written out/);
    expect(urlTemplateProblem('http://shop.example/x', [], false)).toMatch(/https/);
    expect(urlTemplateProblem('https://shop.example/x#{{id}}', ['id'], false)).toMatch(/# part/);
    expect(urlTemplateProblem('https://shop.example/orders/{{id}}', ['id'], false)).toBeNull();
  });

  it('fills a JSON body with strings that stay strings, and numbers for a number input alone', () => {
    const inputs: ActionInput[] = [
      { key: 'name', label: 'Name', type: 'text', required: true, description: '', sensitive: false, choices: [] },
      { key: 'people', label: 'People', type: 'number', required: true, description: '', sensitive: true, choices: [] },
    ];
    expect(JSON.parse(renderBody('{"who": "{{name}} ({{people}})", "n": "{{people}}", "tags": ["{{name}}"]}', { name: 'A"}', people: '3' }, inputs))).toEqual({
      who: 'A"} (3)',
      n: 3,
      tags: ['A"}'],
    });
    expect(maskedValues(inputs, { name: 'Ana', people: '3' })).toEqual({ name: 'Ana', people: '••••' });
    expect(checkValues(inputs, { name: 'Ana' })).toEqual({ problems: ['People: required.'] });
  });

  it('answers with the fields of the answer as text, and null when one is missing', () => {
    expect(renderReply('{{order.status}}, {{order.items.0.name}} ({{order}})', { order: { status: 'ok', items: [{ name: 'Pan' }] } }, { order: '7' })).toBe(
      'ok, Pan (7)',
    );
    expect(renderReply('{{order.eta}}', { order: { status: 'ok' } }, {})).toBeNull();
    // An object is not a value to show, nor are the prototype's names.
    expect(renderReply('{{order}}', { order: { status: 'ok' } }, {})).toBeNull();
    expect(renderReply('{{constructor}}', {}, {})).toBeNull();
  });
});
