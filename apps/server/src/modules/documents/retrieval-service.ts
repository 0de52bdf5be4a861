import { ERROR_CODES, type DocumentPassage, type Language, type PageRange, type RetrievedPassage } from '@sparks/contract';
import type { SearchWordings } from '../../llm/search-wordings.js';
import { questionLanguage } from '../../llm/question-language.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { EmbeddingModelV3 } from '@ai-sdk/provider';
import type { FastifyBaseLogger } from 'fastify';
import { ChunksRepository, type ChunkHit } from './chunks-repository.js';
import { Embedder, vectorLiteral } from './embedder.js';
import { dominantLexemes, planSearch, type SearchBudget } from './search-plan.js';
import { queryTerms } from './search-text.js';
import { rerankByHeading } from './heading-match.js';
import { questionPhrase } from '../../lib/heading-match.js';

/**
 * Passages handed to the answer for one question. Eight, not six: on documents nobody here wrote,
 * the fact sits at seventh or eighth place for one question in twenty, worded unlike the question
 * (docs/decisions/0032); the match strength still reads only the first six.
 */
export const RETRIEVAL_TOP_K = 8;
const EXCERPT_CHARS = 280;

export const excerptOf = (text: string): string => (text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS).trimEnd()}…` : text);

export interface RetrievedChunk extends ChunkHit {
  marker: number;
}

export function passageView(hit: RetrievedChunk): RetrievedPassage {
  return {
    marker: hit.marker,
    chunkId: hit.chunkId,
    documentId: hit.documentId,
    title: hit.title,
    ...(hit.page ? { page: hit.page } : {}),
    ...(hit.heading ? { heading: hit.heading } : {}),
    score: Math.round(hit.score * 10_000) / 10_000,
    ...(hit.url ? { url: hit.url } : {}),
    ...(hit.kind !== 'prose' ? { kind: hit.kind } : {}),
    ...(hit.path.length > 0 ? { path: hit.path } : {}),
    excerpt: excerptOf(hit.text),
  };
}

/** Whether any page of a passage (first to last) lies in the pages OCR read. */
const readByOcr = (page: number | null, pageEnd: number | null, ocrPages: readonly PageRange[]): boolean =>
  page !== null && ocrPages.some((range) => range.from <= (pageEnd ?? page) && range.to >= page);

/** The opening of a copyright or licence notice. */
const FRONT_MATTER = /copyright|©|\blicen[cs]e\b|\blicencia\b|derechos de autor|all rights reserved|todos los derechos/i;

/** Sections an outline of the documents names. */
const OUTLINE_SECTIONS = 12;
/** Fewer sections than this say too little of a document to outline it by. */
const MIN_OUTLINE_SECTIONS = 3;
/** A chapter's heading: one number or numeral, or the word chapter, then its title ("2 R Basics", "III. Uso", "Capítulo 4"). */
const TOP_LEVEL_HEADING = /^(?:\d{1,2}|[IVXLC]{1,5})\.?\s+\p{L}|^(?:chapter|cap[ií]tulo|part|parte)\s/iu;

/** Passages ranked by BM25 for each one the heading match may move up. */
const RERANK_FACTOR = 3;
const RERANK_MIN = 18;

/** Sections named by their heading that join the candidates. */
const HEADED_CANDIDATES = 4;
/** Candidates each half of hybrid search brings before fusion. */
const HYBRID_CANDIDATES = 20;
/** Passages each wording's ranking brings to the fusion. */
const FUSION_DEPTH = 20;
/** The usual constant of reciprocal-rank fusion: dampens the weight of the very first ranks. */
const RRF_K = 60;

/** Reciprocal-rank fusion: a chunk's score is the sum of 1/(k + rank) over the lists it appears in. */
export function fuseRankings(lists: ReadonlyArray<readonly ChunkHit[]>, limit: number): ChunkHit[] {
  const fused = new Map<string, ChunkHit>();
  for (const list of lists) {
    list.forEach((hit, rank) => {
      const score = 1 / (RRF_K + rank + 1);
      const seen = fused.get(hit.chunkId);
      fused.set(hit.chunkId, seen ? { ...seen, score: seen.score + score } : { ...hit, score });
    });
  }
  // Equal scores (one list's rank r against the other's rank r) are common; the earlier passage of a document wins, so
  // the order never depends on random ids.
  const position = (hit: ChunkHit) => `${hit.documentId}:${String(hit.page ?? 0).padStart(6, '0')}:${hit.chunkId}`;
  return [...fused.values()].sort((a, b) => b.score - a.score || position(a).localeCompare(position(b))).slice(0, limit);
}

export interface RetrieveOptions {
  limit?: number;
  /** The question's language: with it, the question is also searched in its other wordings. */
  questionLanguage?: Language;
  /** The visitor's previous question in the conversation (a follow-up's subject is there). */
  previous?: string | null;
  signal?: AbortSignal;
}

/** How much ranking one question may cost (docs/decisions/0009). */
export const SEARCH_BUDGET: SearchBudget = { exhaustive: 2_000, candidates: 250 };

export interface RetrievalOptions {
  searchBudget?: SearchBudget;
  /** Other wordings of a question to search beside it (a translation, a follow-up with its subject, a model's rewording). */
  wordings?: SearchWordings;
  /** Hybrid search: full-text and embedding rankings fused. Without it, full-text only. */
  embeddingModel?: EmbeddingModelV3 | undefined;
  log?: FastifyBaseLogger;
}

/** The passages of a Spark's documents that best answer a question; never another Spark's, never another tenant's. */
export class RetrievalService {
  private readonly chunks: ChunksRepository;
  private readonly embedder: Embedder | undefined;

  constructor(
    db: Db,
    private readonly options: RetrievalOptions = {},
  ) {
    this.chunks = new ChunksRepository(db);
    this.embedder = options.embeddingModel ? new Embedder(db, options.embeddingModel) : undefined;
  }

  /**
   * The question is searched as it was asked and in its other wordings (`SearchWordings`: a
   * follow-up with the question before it, a translation into the documents' language, a model's
   * rewording), and the rankings are fused: a passage found by several wordings comes first, and
   * the question's own words keep the names and figures a translation may have changed.
   */
  async retrieve(tenantId: string, sparkId: string, question: string, options: RetrieveOptions = {}): Promise<RetrievedChunk[]> {
    return (await this.retrieveWithWordings(tenantId, sparkId, question, options)).hits;
  }

  /** As `retrieve`, with the other wordings it searched (an answer's prompt names them, so its reader knows what was looked for). */
  async retrieveWithWordings(
    tenantId: string,
    sparkId: string,
    question: string,
    options: RetrieveOptions = {},
  ): Promise<{ hits: RetrievedChunk[]; wordings: string[] }> {
    const limit = options.limit ?? RETRIEVAL_TOP_K;
    const others = await this.wordingsOf(tenantId, sparkId, question, options);
    // Fused lists run deeper than the answer needs: a passage third in one wording and eighth in another belongs near the top.
    const depth = others.length > 0 ? Math.max(limit, FUSION_DEPTH) : limit;
    const search = (text: string) => (this.embedder ? this.hybrid(tenantId, sparkId, text, depth) : this.lexical(tenantId, sparkId, text, depth));
    const hits = others.length > 0 ? fuseRankings([await search(question), ...(await Promise.all(others.map(search)))], limit) : await search(question);
    return { hits: hits.map((hit, index) => ({ ...hit, marker: index + 1 })), wordings: others };
  }

  /** A search as an answer runs it (in the question's language and its other wordings), for the owner's search box and the evaluation. */
  search(tenantId: string, sparkId: string, question: string): Promise<RetrievedChunk[]> {
    return this.retrieve(tenantId, sparkId, question, { questionLanguage: questionLanguage(question, 'en') });
  }

  private async wordingsOf(tenantId: string, sparkId: string, question: string, options: RetrieveOptions): Promise<string[]> {
    const wordings = this.options.wordings;
    if (!wordings || !options.questionLanguage) return [];
    const documentsLanguages = await this.documentLanguages(tenantId, sparkId);
    const found = await wordings({
      question,
      previous: options.previous ?? null,
      questionLanguage: options.questionLanguage,
      documentsLanguages,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return [...new Set(found)].filter((wording) => wording !== question);
  }

  /** The languages the Spark's documents are written in: a question in another needs translating to be found. */
  documentLanguages(tenantId: string, sparkId: string): Promise<Array<Language>> {
    return this.chunks.languages(tenantId, sparkId);
  }

  /**
   * Full-text search in two steps: the question's words counted in the Spark, then the plan those
   * counts allow. A few more passages than asked for are ranked again by how well their section's
   * heading says what the question asks, so a question phrased like a FAQ entry finds that entry.
   */
  private async lexical(tenantId: string, sparkId: string, question: string, limit: number): Promise<ChunkHit[]> {
    const terms = await this.chunks.questionTerms(tenantId, sparkId, queryTerms(question));
    const wanted = Math.max(limit * RERANK_FACTOR, RERANK_MIN);
    const budget = this.options.searchBudget ?? SEARCH_BUDGET;
    const plan = planSearch(terms, budget, wanted);
    const ranked = await this.chunks.search(tenantId, sparkId, plan, wanted);
    // Sections whose heading names every word of the question join the candidates, as strong as the
    // best passage. Only where that is cheap: when the question's words are few enough to rank them
    // all (a weight-A match rechecks every chunk holding the words), or, for a question of stop words
    // only, in a Spark small enough to read its headings.
    const lexemes = dominantLexemes(terms.terms);
    const phrase = lexemes.length === 0 && terms.total <= budget.exhaustive ? questionPhrase(question) : null;
    const headed = phrase
      ? await this.chunks.headedByPhrase(tenantId, sparkId, phrase, HEADED_CANDIDATES)
      : plan.kind === 'exhaustive'
        ? await this.chunks.headed(tenantId, sparkId, lexemes, HEADED_CANDIDATES)
        : [];
    const top = ranked[0]?.score ?? 1;
    const seen = new Set(ranked.map((hit) => hit.chunkId));
    const candidates = [...ranked, ...headed.filter((hit) => !seen.has(hit.chunkId)).map((hit) => ({ ...hit, score: top }))];
    return rerankByHeading(question, candidates).slice(0, limit);
  }

  private async hybrid(tenantId: string, sparkId: string, question: string, limit: number): Promise<ChunkHit[]> {
    const embedder = this.embedder!;
    const lexical = await this.lexical(tenantId, sparkId, question, HYBRID_CANDIDATES);
    let semantic: ChunkHit[] = [];
    try {
      await embedder.ensureTable();
      const [vector] = await embedder.embed([question]);
      if (vector) semantic = await this.chunks.searchVector(tenantId, sparkId, vectorLiteral(vector), HYBRID_CANDIDATES);
    } catch (error) {
      // An embedding endpoint that is down costs the semantic half of the search, not the answer.
      this.options.log?.warn({ err: error }, 'question embedding failed; searching full-text only');
      return lexical.slice(0, limit);
    }
    return fuseRankings([lexical, semantic], limit);
  }

  /**
   * Passages for the builder assistant: those matching the owner's message, topped up with the
   * opening of the newest documents, since "summarise it" names no subject to search for.
   */
  async forBuilder(tenantId: string, sparkId: string, message: string, limit = RETRIEVAL_TOP_K): Promise<RetrievedChunk[]> {
    const matching = await this.lexical(tenantId, sparkId, message, limit);
    const opening = matching.length >= limit ? [] : await this.chunks.opening(tenantId, sparkId, limit);
    const seen = new Set(matching.map((hit) => hit.chunkId));
    const merged = [...matching, ...opening.filter((hit) => !seen.has(hit.chunkId))].slice(0, limit);
    return merged.map((hit, index) => ({ ...hit, marker: index + 1 }));
  }

  /**
   * Passages for "summarise the document": the opening of its main sections, for each of the
   * Spark's newest sources. Chapters are the headings numbered at one level ("2 R Basics",
   * "Capítulo 3"); without enough of them, a source's sections; without sections, its passages
   * spread evenly over it. The sections an outline names are shared among the sources in turn, so
   * a manual of a hundred chapters leaves room for the price list beside it, and each source's
   * share is spread evenly over it.
   */
  async outline(tenantId: string, sparkId: string, limit = OUTLINE_SECTIONS): Promise<RetrievedChunk[]> {
    const documents = await this.chunks.outlinedDocuments(tenantId, sparkId);
    const sourceOf = new Map(documents.map((document) => [document.documentId, document.source]));
    // Title pages and licence notices are sections too, but not what a document is about.
    const openings = (await this.chunks.sectionOpenings(tenantId, sparkId)).filter((hit) => !FRONT_MATTER.test(hit.text.slice(0, 300)));
    const sources = [...new Set(documents.map((document) => document.source))];
    const ofSource = (hits: readonly ChunkHit[], source: string) => hits.filter((hit) => sourceOf.get(hit.documentId) === source);
    // A source with no headings to go by (a plain text, a licence whose every section names it) is outlined by passages spread over it.
    const headed = openings.length >= MIN_OUTLINE_SECTIONS;
    const spread = sources.some((source) => !headed || ofSource(openings, source).length === 0)
      ? await this.chunks.spreadPassages(tenantId, sparkId, limit)
      : [];
    const chosen = sources.map((source) => {
      const own = ofSource(openings, source);
      const chapters = own.filter((hit) => TOP_LEVEL_HEADING.test(hit.heading ?? ''));
      return chapters.length >= MIN_OUTLINE_SECTIONS ? chapters : headed && own.length > 0 ? own : ofSource(spread, source);
    });
    // One section to each source in turn, while it has sections left: no long source takes the outline from the short ones.
    const shares = chosen.map(() => 0);
    const outlined = Math.min(
      limit,
      chosen.reduce((sum, hits) => sum + hits.length, 0),
    );
    for (let given = 0; given < outlined;)
      chosen.forEach((hits, index) => {
        if (given < outlined && shares[index]! < hits.length) {
          shares[index]! += 1;
          given += 1;
        }
      });
    const picked = chosen.flatMap((hits, index) => {
      const step = hits.length / Math.max(1, shares[index]!);
      return Array.from({ length: shares[index]! }, (_, place) => hits[Math.floor(place * step)]!);
    });
    return picked.map((hit, index) => ({ ...hit, marker: index + 1 }));
  }

  async passage(tenantId: string, sparkId: string, chunkId: string): Promise<DocumentPassage> {
    const hit = await this.chunks.find(tenantId, sparkId, chunkId);
    if (!hit) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'Passage not found');
    return {
      chunkId: hit.chunkId,
      documentId: hit.documentId,
      title: hit.title,
      ...(hit.page ? { page: hit.page } : {}),
      ...(hit.pageEnd && hit.pageEnd !== hit.page ? { pageEnd: hit.pageEnd } : {}),
      ...(hit.heading ? { heading: hit.heading } : {}),
      text: hit.text,
      ...(readByOcr(hit.page, hit.pageEnd, hit.ocrPages) ? { readByOcr: true } : {}),
    };
  }
}
