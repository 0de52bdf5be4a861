import type { Language } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { actionRunsKey, actionsKey } from '../api/use-actions';
import { testAction } from '../test-action';
import { ActionsPanel } from './actions-panel';

const SPARK_ID = 'spark-1';
const noop = () => undefined;

const render = async (language: Language, actions: unknown, canEdit = true) =>
  renderHtml(<ActionsPanel sparkId={SPARK_ID} headingId="actions-heading" onClose={noop} canEdit={canEdit} />, await testI18n(language), (client) => {
    if (actions !== undefined) client.setQueryData(actionsKey(SPARK_ID), actions);
    client.setQueryData(actionRunsKey(SPARK_ID), []);
  });

const LINK = testAction({
  _id: 'a2',
  name: 'Book a table',
  purpose: 'Open the booking page for a date',
  does: { kind: 'link', url: 'https://booking.example/table?date={{date}}', reply: 'Book here: {{link}}' },
  enabled: false,
});
const SEND = testAction({
  _id: 'a3',
  name: 'Call me back',
  purpose: 'Pass a call-back request to the team',
  does: { kind: 'send', email: 'team@casalucia.example', webhook: null, reply: 'We will call you today.', fallback: 'Please call us.', handoff: false },
});

describe('the actions panel', () => {
  it('explains what actions are when there is none, with a way to add the first, in English and Spanish', async () => {
    const html = await render('en', []);
    expect(html).toMatch(/<h2 [^>]*id="actions-heading"[^>]*>Actions<\/h2>/);
    expect(html).toContain('data-testid="actions-empty"');
    expect(html).toContain('No actions yet');
    expect(html).toContain('Let your Spark look up an order, book a table or pass on a request.');
    expect(html).toMatch(/<button type="button"[^>]*data-testid="actions-add">Add an action<\/button>/);
    expect(html).toContain('aria-label="Close the actions panel"');
    expect(html).toContain('No runs yet.');
    expect(html).not.toContain('data-testid="actions-list"');

    const spanish = await render('es', []);
    expect(spanish).toMatch(/<h2 [^>]*>Acciones<\/h2>/);
    expect(spanish).toContain('Aún no hay acciones');
    expect(spanish).toContain('Deja que tu Spark consulte un pedido, reserve una mesa o transmita una petición.');
    expect(spanish).toContain('>Añadir una acción</button>');
    expect(spanish).toContain('Aún no hay ejecuciones.');
    expect(spanish).not.toContain('No actions yet');
  });

  it('lists each action with what it is for, its kind and whether visitors can use it, and its three buttons', async () => {
    const html = await render('en', [testAction(), LINK, SEND]);
    expect(html).not.toContain('data-testid="actions-empty"');
    expect(html.match(/data-testid="action-item"/g)).toHaveLength(3);
    const kinds = [...html.matchAll(/data-testid="action-kind">([^<]+)</g)].map((match) => match[1]);
    expect(kinds).toEqual(['Call an API', 'Open a link', 'Send the details']);
    const enabled = [...html.matchAll(/data-testid="action-enabled">([^<]+)</g)].map((match) => match[1]);
    expect(enabled).toEqual(['On', 'Off', 'On']);
    expect(html).toContain('Look up where an order is and when it arrives');
    expect(html).toContain('GET https://shop.example/api/orders/{{order}}');
    expect(html).toContain('team@casalucia.example');
    // Each card's buttons are a group named after its action, so three "Edit" buttons are told apart.
    const heading = /<h3 id="([^"]+)"[^>]*>Book a table<\/h3>/.exec(html)?.[1];
    expect(heading).toBeDefined();
    expect(html).toContain(`role="group" aria-labelledby="${heading}"`);
    for (const label of ['Edit', 'Try it', 'Delete']) expect(html.match(new RegExp(`>${label}</button>`, 'g'))).toHaveLength(3);
    expect(html).toMatch(/aria-expanded="false"[^>]*>Try it<\/button>/);

    const spanish = await render('es', [testAction(), LINK]);
    expect(spanish).toContain('>Llamar a una API<');
    expect(spanish).toContain('>Abrir un enlace<');
    expect(spanish).toContain('>Desactivada<');
    expect(spanish).toContain('>Probar</button>');
  });

  it('lets a member who only reads the Spark see the actions, not change, try or remove them', async () => {
    const html = await render('en', [testAction()], false);
    expect(html).toContain('Order status');
    expect(html).not.toContain('data-testid="actions-add"');
    expect(html).not.toContain('>Edit</button>');
    expect(html).not.toContain('>Try it</button>');
    expect(html).not.toContain('>Delete</button>');
  });

  it('says it is loading until the list arrives', async () => {
    const html = await render('en', undefined);
    expect(html).toContain('Loading the actions…');
    expect(html).not.toContain('No actions yet');
  });
});
