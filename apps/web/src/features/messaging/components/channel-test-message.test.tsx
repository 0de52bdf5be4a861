import type { MessagingChannel } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { ApiError } from '../../../lib/api-client';
import { ChannelTestMessage } from './channel-test-message';

const CHANNEL: MessagingChannel = {
  platform: 'meta',
  connected: true,
  accountId: '104729385610234',
  name: 'Casa Lucía Bakery',
  instagram: null,
  webhookUrl: 'https://sparks.example.com/api/v1/meta/x/webhook',
  callbackProblem: null,
  verifyToken: 'vt_8d2e4b6a1c',
  paused: false,
  allowGroups: false,
  lastReceivedAt: null,
  lastSentAt: null,
  lastProblem: null,
};
const idle = { sending: false, sent: false, error: null, onSend: () => undefined };

describe('the test message of a messaging channel', () => {
  it('is a button tied to where the test goes, and says when it was sent', async () => {
    const html = renderHtml(<ChannelTestMessage channel={CHANNEL} {...idle} sent />, await testI18n('en'));
    expect(html).toMatch(
      /<p id="([^"]+)"[^>]*>The test goes to the last person who wrote to your Page.*<button type="button"[^>]*aria-describedby="\1"[^>]*>Send a test message<\/button>/,
    );
    expect(html).toContain('Sent: look in Messenger or Instagram');
    expect(html).not.toContain('role="alert"');
  });

  it('tells the owner to write first when nobody has, and says the platform’s refusal in the owner’s words', async () => {
    const es = await testI18n('es');
    const nobody = new ApiError('No one has written to the Page yet.', 409);
    const first = renderHtml(<ChannelTestMessage channel={{ ...CHANNEL, platform: 'telegram' }} {...idle} error={nobody} />, es);
    expect(first).toContain('<div role="alert"');
    expect(first).toContain('Todavía nadie ha escrito al bot. Ábrelo en Telegram, envía /start');
    expect(first).not.toContain('No one has written');

    const refused = { kind: 'recipient' as const, message: 'The words the server stored.', code: 551, at: new Date().toISOString() };
    const html = renderHtml(<ChannelTestMessage channel={{ ...CHANNEL, lastProblem: refused }} {...idle} error={new ApiError('Bad gateway', 502)} />, es);
    expect(html).toContain('Esta persona no puede recibir mensajes de tu página ahora mismo');
    expect(html).not.toContain('Bad gateway');

    const other = renderHtml(<ChannelTestMessage channel={CHANNEL} {...idle} error={new ApiError('Network Error')} />, es);
    expect(other).toContain('Network Error');
  });
});
