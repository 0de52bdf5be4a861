import type { ActionInput } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { ACTION_MATCH, actionMatch } from './action-match.js';
import { prefilledValues } from './action-prefill.js';

const ORDER_EXAMPLES = ['¿Dónde está mi pedido?', 'Where is my order?', 'Look up an order’s status'];

describe('how closely a message asks for an action', () => {
  it('is strong for the example reworded, its figure aside, in either language', () => {
    expect(actionMatch(['donde esta mi pedido 1042'], ORDER_EXAMPLES)).toBeGreaterThanOrEqual(ACTION_MATCH.strong);
    expect(actionMatch(['Where are my orders?'], ORDER_EXAMPLES)).toBeGreaterThanOrEqual(ACTION_MATCH.strong);
  });

  it('is weak for a question that only mentions what the action is about, and nothing for another subject', () => {
    expect(actionMatch(['What is the minimum order for free delivery to the islands?'], ORDER_EXAMPLES)).toBeLessThan(ACTION_MATCH.floor);
    expect(actionMatch(['How many days do I have to return a bicycle?'], ORDER_EXAMPLES)).toBe(0);
    expect(actionMatch([''], ORDER_EXAMPLES)).toBe(0);
  });
});

describe('what a message already says of an action’s inputs', () => {
  const input = (key: string, type: ActionInput['type'], choices: string[] = []): ActionInput => ({
    key,
    label: key,
    type,
    required: true,
    description: '',
    sensitive: false,
    choices,
  });

  it('reads an address, an ISO date, the one number and a choice named, and guesses no text', () => {
    const inputs = [
      input('email', 'email'),
      input('day', 'date'),
      input('people', 'number'),
      input('room', 'choice', ['Terrace', 'Inside']),
      input('name', 'text'),
    ];
    expect(prefilledValues(inputs, 'A table for 4 on 2026-12-24 on the terrace, write to (ana@example.com).')).toEqual({
      email: 'ana@example.com',
      day: '2026-12-24',
      people: '4',
      room: 'Terrace',
    });
  });

  it('leaves numbers alone when two inputs could take them', () => {
    expect(prefilledValues([input('adults', 'number'), input('children', 'number')], 'We are 2 and 3')).toEqual({});
  });
});
