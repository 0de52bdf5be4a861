import type { TutorialFlags } from '../../lib/tutorial-store';

export interface TutorialStep {
  id: string;
  /** The element pointed at (`data-tutorial` value); none: the card shows in the middle. */
  target?: string;
  /** Flags held while the step shows (the dropdown or the drawer it points into). */
  flags?: Partial<TutorialFlags>;
}

/** product.md §2/§4 desktop tutorial: title, objectives, profile dropdown, avatar, menu. */
export const DESKTOP_STEPS: readonly TutorialStep[] = [
  { id: 'title', target: 'title' },
  { id: 'objectives', target: 'objectives' },
  { id: 'profileDropdown', target: 'profile-menu', flags: { profileDropdown: true } },
  { id: 'avatar', target: 'avatar' },
  { id: 'menu', target: 'menu' },
];

/** product.md §2/§4: the eight mobile steps, opening the drawer where they point into it. */
export const MOBILE_STEPS: readonly TutorialStep[] = [
  { id: 'title', target: 'title' },
  { id: 'objectives', target: 'objectives' },
  { id: 'menuButton', target: 'menu-button', flags: { step3Mobile: true } },
  { id: 'menu', target: 'menu', flags: { mainMenu: true, closeChatPage: true } },
  { id: 'sparks', target: 'sparks', flags: { mainMenu: true, closeChatPage: true } },
  { id: 'avatar', target: 'avatar', flags: { mainMenu: true, closeChatPage: true } },
  { id: 'newSpark', target: 'new-spark' },
  { id: 'done' },
];
