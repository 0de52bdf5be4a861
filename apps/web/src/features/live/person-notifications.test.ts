import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { askNotifyPermission, notifyPerson, notifyPermission } from './person-notifications';

const t = ((key: string) => key) as unknown as TFunction;

function browserWith(permission: NotificationPermission) {
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = vi.fn(() => Promise.resolve<NotificationPermission>('granted'));
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, options });
    }
    close() {}
  }
  vi.stubGlobal('window', { Notification: FakeNotification, focus: vi.fn() });
  return { shown, FakeNotification };
}

describe('notifications of a visitor asking for a person', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows one per conversation once the owner allowed them', () => {
    const { shown } = browserWith('granted');
    notifyPerson(t, 'c1', () => undefined);
    expect(shown).toEqual([{ title: 'live.notify.title', options: { body: 'live.notify.body', tag: 'live-person-c1' } }]);
  });

  it('shows none before the owner allowed them', () => {
    const { shown } = browserWith('default');
    notifyPerson(t, 'c1', () => undefined);
    expect(shown).toEqual([]);
    expect(notifyPermission()).toBe('default');
  });

  it('asks only when called, and says when the browser has none', async () => {
    const { FakeNotification } = browserWith('default');
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    expect(await askNotifyPermission()).toBe('granted');
    vi.unstubAllGlobals();
    expect(notifyPermission()).toBe('unsupported');
    expect(await askNotifyPermission()).toBe('unsupported');
  });
});
