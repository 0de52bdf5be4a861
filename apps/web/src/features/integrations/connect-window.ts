const CHANNEL = 'sparks-library-connections';
/** How long the returning window waits for the window that opened it to answer. */
const ACK_MS = 600;

/** Tells this window's own messages apart: a tab never takes over what it announced itself. */
const WINDOW_ID = Math.random().toString(36).slice(2) + Date.now().toString(36);

interface Connected {
  type: 'connected';
  from: string;
  sparkId: string;
  search: string;
}

/**
 * Opens Microsoft's sign-in in a new window (product.md §7). The window is opened at the click, before
 * the address is fetched, so browsers do not take it for a pop-up; it loses its link to this page
 * before it leaves for Microsoft. A blocked window sends this page there instead.
 */
export async function openConnectWindow(authUrl: () => Promise<string>): Promise<void> {
  const opened = window.open('about:blank', '_blank');
  try {
    const url = await authUrl();
    if (!opened) {
      window.location.assign(url);
      return;
    }
    opened.opener = null;
    opened.location.href = url;
  } catch (error) {
    opened?.close();
    throw error;
  }
}

/**
 * In the window Microsoft sent back: tells the window that opened the connection (any tab of the
 * app showing that Spark) and answers whether one took over, so this one can close.
 */
export function announceConnected(sparkId: string, search: string): Promise<boolean> {
  if (typeof BroadcastChannel === 'undefined') return Promise.resolve(false);
  const channel = new BroadcastChannel(CHANNEL);
  return new Promise((resolve) => {
    const done = (taken: boolean) => {
      clearTimeout(timer);
      channel.close();
      resolve(taken);
    };
    const timer = setTimeout(() => done(false), ACK_MS);
    channel.onmessage = (event: MessageEvent<{ type?: string; to?: string }>) => {
      if (event.data.type === 'ack' && event.data.to === WINDOW_ID) done(true);
    };
    channel.postMessage({ type: 'connected', from: WINDOW_ID, sparkId, search } satisfies Connected);
  });
}

/** In the app's tabs: takes over a connection that returned for this Spark in another window. */
export function listenForConnections(sparkId: string, onConnected: (search: string) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<Partial<Connected>>) => {
    if (event.data.type !== 'connected' || event.data.sparkId !== sparkId || event.data.from === WINDOW_ID) return;
    channel.postMessage({ type: 'ack', to: event.data.from });
    onConnected(event.data.search ?? '');
  };
  return () => channel.close();
}
