import { ERROR_CODES, type DocumentPassage, type RetrievedPassage } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { ChunksRepository, type ChunkHit } from './chunks-repository.js';
import { queryTerms } from './search-text.js';

/** Passages handed to a model for one question. */
export const RETRIEVAL_TOP_K = 6;
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
    excerpt: excerptOf(hit.text),
  };
}

/** The passages of a Spark's documents that best answer a question; never another Spark's, never another tenant's. */
export class RetrievalService {
  private readonly chunks: ChunksRepository;

  constructor(db: Db) {
    this.chunks = new ChunksRepository(db);
  }

  async retrieve(tenantId: string, sparkId: string, question: string, limit = RETRIEVAL_TOP_K): Promise<RetrievedChunk[]> {
    const hits = await this.chunks.search(tenantId, sparkId, queryTerms(question), limit);
    return hits.map((hit, index) => ({ ...hit, marker: index + 1 }));
  }

  /**
   * Passages for the builder assistant: those matching the owner's message, topped up with the
   * opening of the newest documents, since "summarise it" names no subject to search for.
   */
  async forBuilder(tenantId: string, sparkId: string, message: string, limit = RETRIEVAL_TOP_K): Promise<RetrievedChunk[]> {
    const matching = await this.chunks.search(tenantId, sparkId, queryTerms(message), limit);
    const opening = matching.length >= limit ? [] : await this.chunks.opening(tenantId, sparkId, limit);
    const seen = new Set(matching.map((hit) => hit.chunkId));
    const merged = [...matching, ...opening.filter((hit) => !seen.has(hit.chunkId))].slice(0, limit);
    return merged.map((hit, index) => ({ ...hit, marker: index + 1 }));
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
    };
  }
}
