import { describe, expect, it } from 'vitest';
import { splitText } from '../../lib/channel-text.js';
import { readMetaDelivery } from './meta-delivery.js';
import { metaProblemOf, telegramProblemOf } from './platform-problem.js';
import { readTelegramUpdate } from './telegram-update.js';

const accounts = { pageId: '1001', instagramId: '1784' };

describe('reading what the platforms deliver', () => {
  it('takes a Page’s and its Instagram’s messages, leaves echoes, other accounts and deleted messages, and reads reactions by name', () => {
    const page = readMetaDelivery(
      {
        object: 'page',
        entry: [
          {
            id: '1001',
            time: 1,
            messaging: [
              { sender: { id: '51' }, recipient: { id: '1001' }, timestamp: 1_700_000_000_000, message: { mid: 'm1', text: 'Hola' } },
              { sender: { id: '1001' }, recipient: { id: '51' }, timestamp: 1, message: { mid: 'm2', text: 'eco', is_echo: true } },
              { sender: { id: '51' }, recipient: { id: '1001' }, timestamp: 2, reaction: { mid: 'm9', action: 'react', reaction: 'like', emoji: '👍🏽' } },
              {
                sender: { id: '51' },
                recipient: { id: '1001' },
                timestamp: 3,
                message: { mid: 'm3', attachments: [{ type: 'image', payload: { url: 'x' } }] },
              },
              { sender: { id: '51' }, recipient: { id: '1001' }, timestamp: 4, message: { mid: 'm4', is_deleted: true } },
            ],
          },
          { id: '9999', time: 1, messaging: [{ sender: { id: '52' }, recipient: { id: '9999' }, timestamp: 1, message: { mid: 'm5', text: 'otra página' } }] },
        ],
      },
      accounts,
    );
    expect(page).toEqual([
      { type: 'message', surface: 'messenger', from: '51', id: 'm1', sentAt: new Date(1_700_000_000_000), kind: 'text', text: 'Hola', language: null },
      { type: 'reaction', surface: 'messenger', from: '51', messageId: 'm9', emoji: '👍' },
      { type: 'message', surface: 'messenger', from: '51', id: 'm3', sentAt: new Date(3), kind: 'image', text: null, language: null },
    ]);
    const story = readMetaDelivery(
      {
        object: 'instagram',
        entry: [
          {
            id: '1784',
            messaging: [{ sender: { id: '61' }, recipient: { id: '1784' }, timestamp: 5, message: { mid: 'i1', attachments: [{ type: 'story_mention' }] } }],
          },
        ],
      },
      accounts,
    );
    expect(story).toMatchObject([{ surface: 'instagram', kind: 'story-mention', text: null }]);
    // A reply to the business's story is a question like any other.
    const reply = readMetaDelivery(
      {
        object: 'instagram',
        entry: [
          {
            id: '1784',
            messaging: [
              {
                sender: { id: '61' },
                recipient: { id: '1784' },
                timestamp: 6,
                message: { mid: 'i2', text: '¿Este pan lleva gluten?', reply_to: { story: { url: 'https://lookaside.fbsbx.com/story', id: '1799' } } },
              },
            ],
          },
        ],
      },
      accounts,
    );
    expect(reply).toMatchObject([{ surface: 'instagram', kind: 'text', text: '¿Este pan lleva gluten?' }]);
    // Not a Page or Instagram delivery at all, or one for a Page without Instagram.
    expect(readMetaDelivery({ object: 'whatsapp_business_account', entry: [] }, accounts)).toBeNull();
    expect(readMetaDelivery({ object: 'instagram', entry: [{ id: '1784', messaging: [] }] }, { pageId: '1001', instagramId: null })).toEqual([]);
  });

  it('reads Telegram’s /start, text, groups, reactions and the bot added to a group; another bot’s and a channel’s posts are not questions', () => {
    const chat = { id: 77, type: 'private' };
    const message = (text: string | undefined, more: object = {}) => ({
      update_id: 1,
      message: { message_id: 5, date: 1_700_000_000, chat, from: { id: 77, is_bot: false, language_code: 'es-AR' }, ...(text ? { text } : {}), ...more },
    });
    expect(readTelegramUpdate(message('/start@espiga_bot'))).toMatchObject([{ id: '77:5', kind: 'start', text: null, language: 'es' }]);
    expect(readTelegramUpdate(message('¿Abrís el domingo?'))).toMatchObject([{ kind: 'text', text: '¿Abrís el domingo?', from: '77' }]);
    expect(readTelegramUpdate(message(undefined))).toMatchObject([{ kind: 'other', text: null }]);
    expect(readTelegramUpdate(message('hola', { chat: { id: -5, type: 'supergroup' } }))).toMatchObject([{ kind: 'group-text', from: '-5' }]);
    expect(readTelegramUpdate(message('hola', { from: { id: 3, is_bot: true } }))).toEqual([]);
    expect(readTelegramUpdate(message('hola', { chat: { id: -9, type: 'channel' } }))).toEqual([]);
    expect(
      readTelegramUpdate({
        update_id: 2,
        message_reaction: { chat, message_id: 8, date: 1, old_reaction: [], new_reaction: [{ type: 'emoji', emoji: '👎' }] },
      }),
    ).toEqual([{ type: 'reaction', surface: 'telegram', from: '77', messageId: '8', emoji: '👎' }]);
    expect(readTelegramUpdate({ update_id: 3, message_reaction: { chat, message_id: 8, date: 1, old_reaction: [], new_reaction: [] } })).toMatchObject([
      { emoji: null },
    ]);
    expect(
      readTelegramUpdate({ update_id: 4, my_chat_member: { chat: { id: -5, type: 'group' }, date: 1, new_chat_member: { status: 'member' } } }),
    ).toMatchObject([{ kind: 'joined-group', id: 'joined:4' }]);
    expect(readTelegramUpdate({ hello: 'world' })).toBeNull();
  });

  it('says each platform’s refusals in the owner’s terms', () => {
    expect(metaProblemOf(190, 463, 'Session has expired').kind).toBe('token');
    expect(metaProblemOf(10, 2018278, '(#10) This message is sent outside of allowed window.').kind).toBe('window');
    expect(metaProblemOf(10, null, 'Application does not have permission').kind).toBe('permission');
    expect(metaProblemOf(613, null, 'rate').passing).toBe(true);
    expect(metaProblemOf(1, null, 'An unknown error occurred').message).toBe('Meta refused the message: An unknown error occurred (code 1).');
    expect(telegramProblemOf(401, 'Unauthorized').kind).toBe('token');
    expect(telegramProblemOf(403, 'Forbidden: bot was blocked by the user').kind).toBe('recipient');
    expect(telegramProblemOf(429, 'Too Many Requests: retry after 3').passing).toBe(true);
    expect(telegramProblemOf(400, 'Bad Request: chat not found').kind).toBe('recipient');
  });

  it('cuts a text within a limit of bytes as well as characters, whatever the script', () => {
    const text = `${'ñandú áéíóú '.repeat(200)}\n\n${'日本語のテキスト '.repeat(150)}`;
    const parts = splitText(text, 1000, 1000);
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(1000);
    expect(parts.join(' ').replace(/\s+/g, ' ')).toBe(text.trim().replace(/\s+/g, ' '));
  });
});
