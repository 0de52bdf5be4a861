import { create } from 'zustand';

interface PendingMessage {
  text: string;
  /** Epoch milliseconds before which it must not be sent (product.md §4: 500 ms after a reset). */
  sendAt: number;
}

interface PendingBuilderMessageState {
  bySpark: Record<string, PendingMessage>;
  /** Queues a message for the Spark's builder chat, sent when that chat next opens. */
  queue(sparkId: string, text: string, delayMs?: number): void;
  /** Hands the queued message to the chat that sends it, so it is sent once. */
  take(sparkId: string): PendingMessage | null;
}

/**
 * A message another screen wants sent into a Spark's builder chat (the test-satisfaction verdict):
 * that screen queues it and navigates, and the builder chat sends it once it has opened.
 */
export const usePendingBuilderMessage = create<PendingBuilderMessageState>((set, get) => ({
  bySpark: {},
  queue: (sparkId, text, delayMs = 0) => set((state) => ({ bySpark: { ...state.bySpark, [sparkId]: { text, sendAt: Date.now() + delayMs } } })),
  take: (sparkId) => {
    const pending = get().bySpark[sparkId] ?? null;
    if (pending) {
      set((state) => {
        const { [sparkId]: _taken, ...rest } = state.bySpark;
        return { bySpark: rest };
      });
    }
    return pending;
  },
}));
