import { create } from 'zustand';

interface ErrorDialogState {
  message: string | null;
  title: string | null;
  show(message: string, title?: string): void;
  dismiss(): void;
}

/** One generic error dialog for the whole app (spec §2: default title Error, button Understood). */
export const useErrorDialog = create<ErrorDialogState>((set) => ({
  message: null,
  title: null,
  show: (message, title) => set({ message, title: title ?? null }),
  dismiss: () => set({ message: null, title: null }),
}));
