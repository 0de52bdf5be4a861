import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { OBJECTIVES_KEY } from '../../../features/objectives/api/use-objectives';
import type { TestPanel } from './use-test-panel';

/** Keeping the test chat as a saved case: the dialog's state, and what follows a save. */
export function useSaveCaseFlow(setPanel: (panel: TestPanel) => void) {
  const queryClient = useQueryClient();
  const [savingCase, setSavingCase] = useState(false);
  const [savedNotice, setSavedNotice] = useState(false);
  const onSaved = () => {
    setSavingCase(false);
    setSavedNotice(true);
    setPanel('tests');
    void queryClient.invalidateQueries({ queryKey: OBJECTIVES_KEY });
  };
  return { savingCase, setSavingCase, savedNotice, onSaved };
}

export type SaveCaseFlow = ReturnType<typeof useSaveCaseFlow>;
