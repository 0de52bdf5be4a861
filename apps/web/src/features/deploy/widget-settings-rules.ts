import { SUGGESTED_QUESTION_CHARS, SUGGESTED_QUESTIONS_MAX, type WidgetTranslation } from '@sparks/contract';
import { ERROR_CODES } from '@sparks/contract/error-codes';

const fold = (text: string) => text.trim().toLowerCase();

/** The questions to save, as the owner typed them: the first blank one by its place, when any is blank. */
export function questionsToSave(drafts: readonly string[]): { questions: string[] } | { blank: number } {
  const blank = drafts.findIndex((draft) => draft.trim() === '');
  if (blank >= 0) return { blank };
  return { questions: drafts.map((draft) => draft.trim()).slice(0, SUGGESTED_QUESTIONS_MAX) };
}

/** Whether the drafts say something other than what is saved (spacing aside). */
export function questionsChanged(drafts: readonly string[], saved: readonly string[]): boolean {
  return drafts.length !== saved.length || drafts.some((draft, index) => draft.trim() !== saved[index]);
}

/** A proposal taken into the drafts: once, only while there is room, and never past the length a question may have. */
export function withProposal(drafts: readonly string[], question: string): string[] {
  if (drafts.length >= SUGGESTED_QUESTIONS_MAX || drafts.some((draft) => fold(draft) === fold(question))) return [...drafts];
  return [...drafts, question.slice(0, SUGGESTED_QUESTION_CHARS)];
}

/** Proposals not already among the drafts. */
export function openProposals(proposed: readonly string[], drafts: readonly string[]): string[] {
  const taken = new Set(drafts.map(fold));
  return proposed.filter((question) => !taken.has(fold(question)));
}

/**
 * The privacy policy's address as the server takes it: blank clears it, an address without a scheme
 * is taken as https (as owners type "shop.example/privacy"), anything but a web page is refused.
 */
export function privacyUrlToSave(typed: string): { url: string | null } | { invalid: true } {
  const trimmed = typed.trim();
  if (trimmed === '') return { url: null };
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^:/]+:\d+(?:\/|$)/.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    const webHost = url.hostname.includes('.') || url.hostname === 'localhost';
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !webHost || /\s/.test(trimmed) || withScheme.length > 500) return { invalid: true };
    return { url: withScheme };
  } catch {
    return { invalid: true };
  }
}

/**
 * A translation as the server takes it: a blank field is left out (visitors of that language read the
 * owner's own words there), and a translation with nothing in it is removed (null).
 */
export function translationToSave(welcome: string, questions: Readonly<Record<string, string>>): WidgetTranslation | null {
  const initialMessage = welcome.trim() || null;
  const suggestedQuestions = Object.fromEntries(
    Object.entries(questions)
      .map(([question, translated]) => [question, translated.trim()] as const)
      .filter(([, translated]) => translated !== ''),
  );
  return initialMessage === null && Object.keys(suggestedQuestions).length === 0 ? null : { initialMessage, suggestedQuestions };
}

/** Which setting a refused change was about, read from the server's validation messages ("body.privacyUrl: …"). */
export function refusedSetting(error: { code?: string | undefined; message: string } | null): 'suggestedQuestions' | 'privacyUrl' | 'translations' | null {
  if (!error || error.code !== ERROR_CODES.VALIDATION_FAILED) return null;
  if (/\btranslations\b/.test(error.message)) return 'translations';
  if (/\bsuggestedQuestions\b/.test(error.message)) return 'suggestedQuestions';
  if (/\bprivacyUrl\b/.test(error.message)) return 'privacyUrl';
  return null;
}
