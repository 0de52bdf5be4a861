import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { patternProblemText } from './website-messages';
import { parsePatterns, patternsText } from './website-rules';

export type PathsField = 'include' | 'exclude';

/**
 * The include and exclude paths an owner is typing, and their checks: `check` answers the lists to
 * send, or marks the field at fault (and answers null) so nothing is sent that the server refuses.
 */
export function usePathsDraft(initial: { include: readonly string[]; exclude: readonly string[] } = { include: [], exclude: [] }) {
  const { t } = useTranslation();
  const [text, setText] = useState<Record<PathsField, string>>(() => ({ include: patternsText(initial.include), exclude: patternsText(initial.exclude) }));
  const [errors, setErrors] = useState<Partial<Record<PathsField, string>>>({});
  const change = (field: PathsField, value: string) => {
    setText((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const check = (): { include: string[]; exclude: string[] } | null => {
    const include = parsePatterns(text.include);
    const exclude = parsePatterns(text.exclude);
    setErrors({
      include: 'problem' in include ? patternProblemText(t, include.problem) : undefined,
      exclude: 'problem' in exclude ? patternProblemText(t, exclude.problem) : undefined,
    });
    return 'patterns' in include && 'patterns' in exclude ? { include: include.patterns, exclude: exclude.patterns } : null;
  };
  /** A refusal the server tied to one of the fields. */
  const refuse = (field: PathsField, message: string) => setErrors((current) => ({ ...current, [field]: message }));
  const reset = () => {
    setText({ include: '', exclude: '' });
    setErrors({});
  };
  return { text, errors, change, check, refuse, reset };
}

export type PathsDraft = ReturnType<typeof usePathsDraft>;
