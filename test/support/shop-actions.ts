import { SHOP_TOKEN } from './fake-shop-api';

/** What a test changes of an action: its examples, its inputs. */
interface Changes {
  examples?: string[];
  inputs?: object[];
}

/**
 * The bakery's actions against the fake shop at `base`: an order lookup that reads the shop's
 * answer, and a table booking that changes something (with the visitor's phone when asked for).
 */
export function shopActions(base: string) {
  const headers = [{ name: 'Authorization', value: `Bearer ${SHOP_TOKEN}`, secret: true }];
  const phone = { key: 'phone', label: 'Phone', type: 'phone', required: false, sensitive: true };
  return {
    orderStatus: (changes: Changes = {}) => ({
      name: 'Order status',
      purpose: 'Look up an order’s status',
      examples: ['¿Dónde está mi pedido?', 'Where is my order?'],
      inputs: [{ key: 'order', label: 'Order number', type: 'text', description: 'In your confirmation e-mail' }],
      ...changes,
      does: {
        kind: 'api',
        method: 'GET',
        url: `${base}/api/orders/{{order}}`,
        headers,
        reply: 'Tu pedido {{order.id}} está {{order.status}} y llega {{order.eta}}',
        fallback: 'No he podido consultar tu pedido ahora mismo.',
      },
    }),
    booking: ({ examples, withPhone = false }: { examples?: string[]; withPhone?: boolean } = {}) => ({
      name: 'Book a table',
      purpose: 'Book a table at the bakery’s café',
      examples: examples ?? ['Book a table for Friday', 'Reservar una mesa'],
      inputs: [
        { key: 'name', label: 'Name', type: 'text' },
        { key: 'people', label: 'People', type: 'number' },
        { key: 'date', label: 'Day', type: 'date' },
        ...(withPhone ? [phone] : []),
      ],
      does: {
        kind: 'api',
        method: 'POST',
        url: `${base}/api/bookings`,
        headers,
        body: JSON.stringify({ booking: { name: '{{name}}', people: '{{people}}', day: '{{date}}', ...(withPhone ? { phone: '{{phone}}' } : {}) } }),
        reply: 'Booking {{booking.id}}: a table for {{people}} on {{date}}.',
        fallback: 'The booking could not be made just now.',
      },
    }),
  };
}
