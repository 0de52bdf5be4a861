import { beforeEach, describe, expect, it } from 'vitest';
import { useErrorDialog } from './error-dialog-store';

describe('the generic error dialog', () => {
  beforeEach(() => useErrorDialog.setState({ message: null, title: null, blocked: false }));

  it('shows a message, with the default title unless given one', () => {
    useErrorDialog.getState().show('Could not rename');
    expect(useErrorDialog.getState()).toMatchObject({ message: 'Could not rename', title: null });
  });

  it('stays shut while the account is blocked, and closes when it becomes blocked', () => {
    useErrorDialog.getState().show('Earlier problem');
    useErrorDialog.getState().setBlocked(true);
    expect(useErrorDialog.getState().message).toBeNull();
    useErrorDialog.getState().show('This account is inactive.');
    expect(useErrorDialog.getState().message).toBeNull();
    useErrorDialog.getState().setBlocked(false);
    useErrorDialog.getState().show('Could not rename');
    expect(useErrorDialog.getState().message).toBe('Could not rename');
  });
});
