import type { Action } from '@sparks/contract';

const AT = '2026-12-01T10:00:00.000Z';

/** An action as the server sends it back, for the panel's tests: an API call unless told otherwise. */
export function testAction(extra: Partial<Action> = {}): Action {
  return {
    _id: '7b0e6f1c-2f4a-4d2e-9b8a-1f2e3d4c5b6a',
    name: 'Order status',
    purpose: 'Look up where an order is and when it arrives',
    examples: ['Where is my order?', 'When does my parcel arrive?'],
    inputs: [
      { key: 'order', label: 'Order number', type: 'text', required: true, description: 'On the confirmation e-mail', sensitive: false, choices: [] },
      { key: 'birth', label: 'Birth date', type: 'date', required: false, description: '', sensitive: true, choices: [] },
    ],
    does: {
      kind: 'api',
      method: 'GET',
      url: 'https://shop.example/api/orders/{{order}}',
      headers: [
        { name: 'Authorization', value: null, secret: true },
        { name: 'X-Shop', value: 'casa-lucia', secret: false },
      ],
      body: null,
      reply: 'Your order {{order.status}} arrives {{order.eta}}',
      fallback: 'I could not look up your order just now.',
    },
    enabled: true,
    createdAt: AT,
    updatedAt: AT,
    ...extra,
  };
}
