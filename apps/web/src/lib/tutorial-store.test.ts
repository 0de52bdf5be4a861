import { beforeEach, describe, expect, it } from 'vitest';
import { useTutorial } from './tutorial-store';

describe('tutorial flags (product.md §4)', () => {
  beforeEach(() => useTutorial.getState().reset());

  it('opening the dropdown or the menu closes the other', () => {
    const { set } = useTutorial.getState();
    set('mainMenu', true);
    set('profileDropdown', true);
    expect(useTutorial.getState()).toMatchObject({ profileDropdown: true, mainMenu: false });
    set('mainMenu', true);
    expect(useTutorial.getState()).toMatchObject({ profileDropdown: false, mainMenu: true });
  });

  it('leaves the other flags alone and resets all at the end', () => {
    const { set } = useTutorial.getState();
    set('mobileTutorial', true);
    set('step3Mobile', true);
    set('mainMenu', true);
    expect(useTutorial.getState()).toMatchObject({ mobileTutorial: true, step3Mobile: true, mainMenu: true });
    set('mainMenu', false);
    expect(useTutorial.getState().mobileTutorial).toBe(true);
    useTutorial.getState().reset();
    expect(useTutorial.getState()).toMatchObject({ mobileTutorial: false, step3Mobile: false, mainMenu: false, profileDropdown: false, closeChatPage: false });
  });
});
