/** What a definition question asks about, as a test of the sentences that define it. */
export interface Definition {
  test(sentence: string): boolean;
}

/**
 * Questions that ask what something is, means or does, and the subject they ask about: "What is
 * X?", "What does X stand for / mean / do?", "¿Qué es X?", "¿Qué significa / hace X?", "¿Para qué
 * sirve X?".
 */
const DEFINITION_QUESTIONS = [
  /^\W*(?:what|who)\s+(?:is|are|was|were)\s+(?:an?\s+|the\s+)?(.{1,60}?)\W*$/i,
  /^\W*what\s+(?:does|do|did)\s+(?:an?\s+|the\s+)?(.{1,60}?)\s+(?:stand\s+for|mean|do)\W*$/i,
  /^\W*(?:qu[eé]|qui[eé]n(?:es)?)\s+(?:es|son|era|fue)\s+(?:el\s+|la\s+|los\s+|las\s+|un\s+|una\s+)?(.{1,60}?)\W*$/i,
  /^\W*qu[eé]\s+(?:significa|significan|hace|hacen)\s+(?:el\s+|la\s+|los\s+|las\s+|un\s+|una\s+)?(.{1,60}?)\W*$/i,
  /^\W*para\s+qu[eé]\s+sirven?\s+(?:el\s+|la\s+|los\s+|las\s+|un\s+|una\s+)?(.{1,60}?)\W*$/i,
];

/** The subject a definition question asks about, without what follows it in the question ("Suggests en el archivo control" → "Suggests"). */
function definedSubject(question: string): string | null {
  for (const pattern of DEFINITION_QUESTIONS) {
    const subject = pattern.exec(question.trim())?.[1]?.trim();
    if (subject) return subject;
  }
  return null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Sentences that open by defining one of the question's words: "A library is…", "El paquete es…". */
export function definedTerms(question: string): RegExp {
  const words = question
    .split(/[^\p{L}\p{N}.]+/u)
    .filter((word) => word.length > 2)
    .map(escapeRegExp);
  if (words.length === 0) return /$^/;
  return new RegExp(`^(?:(?:a|an|the|el|la|los|las|un|una)\\s+)?(?:${words.join('|')})s?\\s+(?:is|are|es|son)\\s`, 'iu');
}

/**
 * For a question that asks what X is, the sentences that define X: "X is a…", "X es un…", a
 * glossary's "X («…»): …" or "X: …", and for an acronym the words it stands for ("CRAN" →
 * "Comprehensive R Archive Network").
 */
export function definitionOf(question: string): Definition | null {
  const subject = definedSubject(question);
  if (!subject) return null;
  // "Suggests en el archivo control": the subject is its first word when the rest only says where.
  const head = subject.split(/\s+(?:in|en|on|of|de|del)\s+/i)[0]!.trim();
  const name = escapeRegExp(head);
  const named = new RegExp(
    `^(?:the\\s+|el\\s+|la\\s+|los\\s+|las\\s+|an?\\s+|una?\\s+)?${name}(?:\\s+(?:is|are|was|es|son|fue)\\b|\\s*(?:\\([^)]{1,60}\\)|«[^»]{1,60}»)?\\s*[:–—]\\s*\\S)`,
    'iu',
  );
  // An acronym's expansion keeps its capitals: each letter opens a word, in order.
  const expanded = /^[A-Z]{2,8}$/.test(head)
    ? new RegExp(
        head
          .split('')
          .map((letter) => `\\b${letter}\\p{L}*`)
          .join('[\\s-]+'),
        'u',
      )
    : null;
  return { test: (sentence) => named.test(sentence) || (expanded?.test(sentence) ?? false) };
}
