import type { TFunction } from 'i18next';

/** Where the browser's notifications stand for this site; `unsupported` when it has none. */
export type NotifyPermission = NotificationPermission | 'unsupported';

const api = (): typeof Notification | undefined => (typeof window !== 'undefined' && 'Notification' in window ? window.Notification : undefined);

export const notifyPermission = (): NotifyPermission => api()?.permission ?? 'unsupported';

/** Asked only from the owner's click: a browser refuses, and owners resent, a request on load. */
export async function askNotifyPermission(): Promise<NotifyPermission> {
  const notification = api();
  if (!notification) return 'unsupported';
  return notification.requestPermission();
}

/** A system notification that a visitor asks for a person, when the owner allowed them; one per conversation. */
export function notifyPerson(t: TFunction, conversationId: string, onClick: () => void): void {
  const notification = api();
  if (notification?.permission !== 'granted') return;
  const shown = new notification(t('live.notify.title'), { body: t('live.notify.body'), tag: `live-person-${conversationId}` });
  shown.onclick = () => {
    window.focus();
    onClick();
    shown.close();
  };
}
