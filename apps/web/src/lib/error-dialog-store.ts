import { create } from 'zustand';

interface ErrorDialogState {
  message: string | null;
  title: string | null;
  /** While the account is blocked its own modal explains every refusal: the generic dialog stays shut. */
  blocked: boolean;
  show(message: string, title?: string): void;
  dismiss(): void;
  setBlocked(blocked: boolean): void;
}

/** One generic error dialog for the whole app (product.md §2: default title Error, button Understood). */
export const useErrorDialog = create<ErrorDialogState>((set) => ({
  message: null,
  title: null,
  blocked: false,
  show: (message, title) => set((state) => (state.blocked ? state : { message, title: title ?? null })),
  dismiss: () => set({ message: null, title: null }),
  setBlocked: (blocked) => set(blocked ? { blocked, message: null, title: null } : { blocked }),
}));
