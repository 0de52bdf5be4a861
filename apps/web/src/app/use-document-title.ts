import { useEffect } from 'react';

/** Direction overrides in a user's name would reorder the rest of the tab's title. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title.replace(BIDI_CONTROLS, '')} · Sparks`;
  }, [title]);
}
