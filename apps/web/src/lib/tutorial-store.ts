import { create } from 'zustand';

/** product.md §4 tutorial flags. */
export interface TutorialFlags {
  mobileTutorial: boolean;
  profileDropdown: boolean;
  mainMenu: boolean;
  step3Mobile: boolean;
  closeChatPage: boolean;
}

type Flag = keyof TutorialFlags;

/** product.md §4: opening one of the dropdown or menu flags closes the others. */
const EXCLUSIVE: ReadonlyArray<Flag> = ['profileDropdown', 'mainMenu'];

interface TutorialState extends TutorialFlags {
  set(flag: Flag, value: boolean): void;
  reset(): void;
}

const CLOSED: TutorialFlags = { mobileTutorial: false, profileDropdown: false, mainMenu: false, step3Mobile: false, closeChatPage: false };

/** Which parts of the app the tutorial holds open; the sidebar's dropdown and drawer follow these. */
export const useTutorial = create<TutorialState>((setState) => ({
  ...CLOSED,
  set: (flag, value) =>
    setState(() => {
      if (!value || !EXCLUSIVE.includes(flag)) return { [flag]: value };
      return { ...Object.fromEntries(EXCLUSIVE.map((other) => [other, false])), [flag]: true };
    }),
  reset: () => setState(CLOSED),
}));
