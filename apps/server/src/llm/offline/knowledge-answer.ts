import type { ResponderRequest } from '../responder-request.js';
import { OFFLINE_TEXTS } from './offline-texts.js';
import { rankTexts } from './passage-ranker.js';
import { passageSections, type PassageSection } from './passage-sections.js';
import { sentencesOf } from './passage-sentences.js';
import { quotedText } from './quoted-text.js';
import { answerKind, carriesKind } from './answer-kind.js';
import { definitionOf } from './definition-question.js';
import { cited, excerptOf } from './passage-excerpt.js';
import { structuredQuote } from './structured-quote.js';
import { documentOutline } from './document-outline.js';

/**
 * A second (and third) section is quoted when it matches at least half as well as the first: the
 * best sections side by side carry the fact far more often than the first alone (decision 0027;
 * a third was measured again once the evaluation had held-out documents, and carries it more
 * often there too).
 */
const SECOND_PASSAGE_SHARE = 0.5;
const MAX_PASSAGES = 3;
/** A loose match offers the closest sections side by side, for the visitor to judge. */
const MAX_RELATED = 3;
/**
 * Passages come in the order retrieval ranked them over the whole Spark, with the Spark's own word
 * counts; among six passages that all hold the question's words, a local count knows less. Each
 * place down the list weighs a little less.
 */
const rankPrior = (marker: number): number => 1 / (1 + RANK_DECAY * (marker - 1));
const RANK_DECAY = 0.3;

/**
 * How much more a section weighs when it holds the kind of fact the question's form asks for (a
 * figure, a command, a date: answer-kind.ts). Small on purpose: most sections hold some number, so
 * it tips a tie and never outweighs the question's words (docs/decisions/0029).
 */
const KIND_WEIGHT = 0.3;
/** How much a passage that defines what a "what is X" question asks about multiplies its score: a definition answers it better than any mention. */
const DEFINES_WEIGHT = 3;

/** Cites each passage of a section that the excerpt quotes a sentence of: "[2] [3]". */
function quotedMarkers(section: PassageSection, excerpt: string): string {
  const quoted = section.passages.filter((passage) => sentencesOf(quotedText(passage.text)).some((sentence) => excerpt.includes(sentence)));
  return (quoted.length > 0 ? quoted : section.passages.slice(0, 1)).map((passage) => `[${passage.marker}]`).join(' ');
}

/**
 * Answers a question from the passages alone, as a careful person would quote a manual: the
 * passage that answers best (and a second when it answers at least half as well), each as one
 * contiguous excerpt around its best sentence, cited; or a plain "I don't know" when no passage
 * shares a word with the question (naming the documents' language when the question is in
 * another). When the request says the passages match the question only loosely, it frames none as
 * the answer: it says so and offers the closest sections as maybe related, cited (decision 0026).
 * A request whose passages are the documents' outline gets the outline.
 */
export function knowledgeAnswer(question: string, request: Omit<Extract<ResponderRequest, { kind: 'answer' }>, 'kind'>): string {
  const { passages, language, documentsLanguage, wordings, weakMatch } = request;
  const texts = OFFLINE_TEXTS[language];
  // Documents in another language share no words with the question: say so, so the visitor can ask in theirs.
  const noKnowledge = documentsLanguage && documentsLanguage !== language ? texts.noKnowledgeOtherLanguage(documentsLanguage) : texts.noKnowledge;
  if (request.intent === 'outline') return passages.length > 0 ? documentOutline(passages, texts) : noKnowledge;
  // The other wordings it was searched in (a translation, a follow-up with its subject) find the words the question itself lacks.
  const searched = [question, ...wordings].join('\n');
  // A heading that says what the question asks ("2.1 What is R?") marks the passage that answers it, and so does a definition of what it asks about.
  const defines = [question, ...wordings].map(definitionOf).find((definition) => definition !== null) ?? null;
  // A section that holds the kind of fact the question asks for (a figure, a command, a date) answers it more likely than one that only names its words.
  const asked = answerKind(question);
  const ranked = rankTexts(searched, passageSections(passages), (section) => `${section.title} ${section.heading ?? ''} ${section.text}`)
    .filter((entry) => entry.score > 0)
    .map((entry) => {
      const definition = defines !== null && sentencesOf(entry.item.text).some((sentence) => defines.test(sentence));
      return {
        ...entry,
        definition,
        score:
          entry.score *
          rankPrior(entry.item.marker) *
          (definition ? DEFINES_WEIGHT : 1) *
          (asked && sentencesOf(entry.item.text).some((sentence) => carriesKind(asked, sentence)) ? 1 + KIND_WEIGHT : 1),
      };
    })
    .sort((a, b) => b.score - a.score);
  const best = ranked[0]?.score ?? 0;
  const answer = (sections: readonly PassageSection[]): string =>
    [
      weakMatch ? texts.relatedIntro : texts.foundIntro,
      ...sections.map((section) => {
        // A table's rows and a catalogue's records answer by their structure: the rows with their headers, the fields asked about.
        const structured = structuredQuote(section, searched);
        if (structured) return `${structured.text}\n\n${structured.markers.map((marker) => `[${marker}]`).join(' ')}`;
        const excerpt = excerptOf(searched, section.text, section.heading, defines, question);
        return cited(excerpt, quotedMarkers(section, excerpt));
      }),
    ].join('\n\n');
  if (best === 0) {
    // Retrieval found these passages by its own stemming, which knows inflections ("aggregated", "aggregate") this
    // ranking's light folding leaves apart: its order stands, and the match strength it measured decides the framing.
    const found = passageSections(passages).filter((section) => section.passages.some((passage) => passage.document !== undefined));
    return found.length === 0 ? noKnowledge : answer(found.slice(0, weakMatch ? MAX_RELATED : 1));
  }
  // A definition answers "what is X" by itself: a mere mention of X beside it only dilutes it.
  const second = (entry: (typeof ranked)[number]) => entry.score >= best * SECOND_PASSAGE_SHARE && (!ranked[0]!.definition || entry.definition);
  const chosen = weakMatch ? ranked.slice(0, MAX_RELATED) : ranked.filter((entry, index) => index === 0 || second(entry)).slice(0, MAX_PASSAGES);
  return answer(chosen.map(({ item }) => item));
}
