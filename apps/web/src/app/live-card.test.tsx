import type { ChatMessage, User, Language } from '@sparks/contract';
import type { QueryClient } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { PLAN_USAGE_KEY } from '../features/billing/api/use-plan-usage';
import { deploymentKey } from '../features/deploy/api/use-deployment';
import { MessageList } from '../features/chat/components/message-list';
import { renderHtml, testI18n } from '#testing/render-html';
import { liveCard } from './live-card';

const limit = (value: number) => ({ value });
const user = (planSlug: string, productName: string, language: Language): User => ({
  id: 'u1',
  username: 'ada@example.com',
  email: 'ada@example.com',
  firstname: 'Ada',
  lastname: null,
  phone: null,
  config: { language },
  tenants: [
    {
      _id: 't1',
      role: 'owner',
      account: 'Ada',
      handoffEmails: true,
      status: 'active',
      customerId: 'cus_1',
      subscription: {
        productName,
        planSlug,
        subscriptionId: planSlug === 'free' ? null : 'sub_1',
        trialEndsAt: '2026-12-09T00:00:00.000Z',
        limits: { sparks: limit(3), documents: limit(3), integrations: limit(1), interactions: limit(600), deployments: limit(1) },
      },
    },
  ],
});

/** What the billing assistant stored while the account was still on its trial. */
const storedPlanCard: ChatMessage = {
  type: 'action',
  createdAt: new Date().toISOString(),
  data: { type: 'card', live: 'plan', title: 'Your plan', info: [{ label: 'Plan', value: 'Free Plan' }], usage: [{ label: 'Documents', used: 1, limit: 3 }] },
};

const seed =
  (profile: User, usage = { planSlug: profile.tenants[0]!.subscription.planSlug, interactions: 42, sparks: 2, documents: 1 }) =>
  (client: QueryClient) => {
    client.setQueryData(['profile'], profile);
    client.setQueryData(PLAN_USAGE_KEY, usage);
  };

/** A stored message as the menu conversations draw it, with the app's live cards. */
const listOf = (message: ChatMessage) => (
  <MessageList
    entries={[{ key: 'k0', message, revealAt: 0, fresh: false }]}
    streamingText=""
    typing={false}
    onSend={() => undefined}
    onGoto={() => undefined}
    disabled={false}
    slots={{ liveCard }}
  />
);

describe('cards of account state drawn live in the menu conversations', () => {
  let en: I18n;
  let es: I18n;
  beforeAll(async () => {
    [en, es] = await Promise.all([testI18n('en'), testI18n('es')]);
  });

  it('show the plan the account has now, not the one stored with the message', () => {
    const html = renderHtml(listOf(storedPlanCard), en, seed(user('ruby', 'Ruby', 'en')));
    expect(html).toContain('data-testid="live-plan-card"');
    expect(html).toContain('Ruby');
    expect(html).not.toContain('Free Plan');
    expect(html).not.toContain('Trial ends');
    expect(html).toContain('Interactions this month');
    expect(html).toContain('aria-valuenow="42"');
  });

  it('word the trial as the spec does, in the language of the screen', () => {
    const html = renderHtml(liveCard('plan', {}), es, seed(user('free', 'Free Plan', 'es')));
    expect(html).toContain('Prueba gratuita');
    expect(html).toContain('La prueba termina');
    expect(html).not.toMatch(/Free Plan|Your plan/);
  });

  it('show the profile as it is now, its language included', () => {
    const html = renderHtml(liveCard('profile', {}), es, seed(user('free', 'Free Plan', 'es')));
    expect(html).toContain('Idioma preferido');
    expect(html).toContain('Español');
    expect(html).toContain('Ada');
  });

  it('show the embed code of the Spark’s deployment as it is now, not the code stored with the message', () => {
    const stored: ChatMessage = {
      type: 'action',
      createdAt: new Date().toISOString(),
      data: {
        type: 'card',
        live: 'embed',
        sparkId: 's1',
        title: 'Code for your website: Velocita',
        info: [{ label: 'Code', value: '<script data-spark="old-token"></script>' }],
        copy: 0,
      },
    };
    const deployment = {
      sparkId: 's1',
      deployToken: 'new-token',
      allowedOrigins: [],
      snippet: '<script src="https://sparks.example/widget.js" data-spark="new-token" async></script>',
      publicUrlSet: true,
      dailyCaps: { perVisitor: { value: 20, isDefault: true, default: 20 }, perSpark: { value: 40, isDefault: true, default: 40 } },
      usage: { today: 0, month: 0, interactionsThisMonth: 0, interactionsPerMonth: 600 },
      refusals: [],
    };
    const html = renderHtml(listOf(stored), es, (client) => client.setQueryData(deploymentKey('s1'), deployment));
    expect(html).toContain('data-testid="live-embed-card"');
    expect(html).toContain('new-token');
    expect(html).not.toContain('old-token');
    expect(html).toContain('Código para tu web');
  });

  it('leave cards they do not know as they were stored', () => {
    expect(liveCard('weather', {})).toBeNull();
    expect(liveCard('embed', {})).toBeNull();
    const stored: ChatMessage = { ...storedPlanCard, data: { ...storedPlanCard.data, live: 'weather' } };
    const html = renderHtml(listOf(stored), en);
    expect(html).toContain('Free Plan');
  });
});
