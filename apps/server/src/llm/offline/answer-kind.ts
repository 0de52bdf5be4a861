/**
 * The kind of fact a question asks for, told by its form alone (never by what it asks about): a
 * figure for "how many / much / long…" and "¿cuánto…?", a command for "how do I…" and "¿cómo
 * hago…?", a date or time for "when" and "¿cuándo…?". A sentence that names the question's words
 * but holds no such fact is often the one just before the answer; knowing the kind lets the
 * offline responder quote the sentence that carries it (docs/decisions/0029).
 */
export type AnswerKind = 'figure' | 'command' | 'time';

const KINDS: ReadonlyArray<{ kind: AnswerKind; asks: RegExp }> = [
  { kind: 'figure', asks: /\bhow\s+(?:long|many|much|often|far|old|big|large|fast|soon)\b|\bcu[aá]nt[oa]s?\b|\bwhat\s+(?:size|percentage|price)\b/iu },
  { kind: 'time', asks: /^\W*(?:when|cu[aá]ndo)\b|\bwhat\s+(?:date|day|time|year)\b|\bqu[eé]\s+(?:fecha|d[ií]a|hora|año)\b|\ba\s+qu[eé]\s+hora\b/iu },
  {
    kind: 'command',
    // "How do/can/should I…", "¿Cómo hago / puedo / instalo…?" (a first-person verb), "what command", "¿qué orden / comando?".
    asks: /^\W*(?:(?:and\s+)?how\s+(?:do|can|could|should|would)\s+(?:i|you|we|one)\b|(?:y\s+)?c[oó]mo\s+(?:se\s+\p{L}+|(?:puedo|debo|hago|\p{L}{2,}o)\b))|\b(?:what|which)\s+command\b|\bqu[eé]\s+(?:orden|comando)\b/iu,
  },
];

/** The kind of fact the question asks for, or null when its form does not say. */
export function answerKind(question: string): AnswerKind | null {
  return KINDS.find(({ asks }) => asks.test(question))?.kind ?? null;
}

const NUMBER_WORDS =
  /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|hundred|thousand|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|veinte|treinta|cien|mil)\b/iu;
const MONTHS =
  /\b(?:january|february|march|april|may|june|july|august|september|october|november|december|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|monday|tuesday|wednesday|thursday|friday|saturday|sunday|lunes|martes|miércoles|jueves|viernes|sábado|domingo)s?\b/iu;
/** What a command looks like in running text: a code block or span, a prompt, an option, a call, a path. */
const COMMAND = /```|`[^`]+`|(?:^|\s)[$#]\s+\S|(?:^|\s)--?[a-z][\w-]*|\b[\w.]+\(\S*\)|(?:^|\s)(?:~|\.{0,2})\/[\w.-]+/u;

/** Whether a sentence carries a fact of this kind. */
export function carriesKind(kind: AnswerKind, sentence: string): boolean {
  switch (kind) {
    case 'figure':
      return /\d/.test(sentence) || NUMBER_WORDS.test(sentence);
    case 'time':
      return /\b(?:1[89]|20)\d\d\b|\b\d{1,2}[:.]\d\d\b/.test(sentence) || MONTHS.test(sentence);
    case 'command':
      return COMMAND.test(sentence);
  }
}
