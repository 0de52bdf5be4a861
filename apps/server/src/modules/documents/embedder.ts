import type { EmbeddingModelV3 } from '@ai-sdk/provider';
import { embedMany } from 'ai';
import { sql } from 'drizzle-orm';
import { CHUNK_EMBEDDINGS_DDL } from '../../db/chunk-embeddings-table.js';
import type { Db } from '../../db/database.js';

const BATCH = 64;

/**
 * Embeddings for hybrid search. The table lives outside the migrations because it needs
 * pgvector, which a plain PostgreSQL may lack; it is created when an embedding model is
 * configured on a database that has the extension (docs/decisions/0003, 0008).
 */
export class Embedder {
  private ready: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly model: EmbeddingModelV3,
  ) {}

  ensureTable(): Promise<void> {
    this.ready ??= this.createTable().catch(async () => {
      // Two instances creating it at once: one wins, the other finds it there on a second try.
      await this.createTable();
    });
    return this.ready;
  }

  private async createTable(): Promise<void> {
    for (const statement of CHUNK_EMBEDDINGS_DDL) await this.db.execute(sql.raw(statement));
  }

  /** `retries` is for ingestion, which can wait; a question falls back to full-text at once instead. */
  async embed(values: readonly string[], options: { signal?: AbortSignal; retries?: number } = {}): Promise<number[][]> {
    const { signal, retries = 0 } = options;
    const vectors: number[][] = [];
    for (let start = 0; start < values.length; start += BATCH) {
      const { embeddings } = await embedMany({
        model: this.model,
        values: values.slice(start, start + BATCH),
        maxRetries: retries,
        ...(signal ? { abortSignal: signal } : {}),
      });
      vectors.push(...embeddings);
    }
    return vectors;
  }
}

/** pgvector's text form; numbers only, so it is safe to bind as a parameter. */
export const vectorLiteral = (vector: readonly number[]): string => `[${vector.map((value) => (Number.isFinite(value) ? value : 0)).join(',')}]`;
