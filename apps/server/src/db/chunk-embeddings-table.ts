/**
 * The embeddings table lives outside the migrations because it needs pgvector, which a plain
 * PostgreSQL may lack (docs/decisions/0003, 0008). The embedder creates it when an embedding
 * model is configured; a restore creates it when the backup holds embeddings and the target has
 * the extension. Both use these statements, so the two tables are the same.
 */
export const CHUNK_EMBEDDINGS_TABLE = 'chunk_embeddings';

export const CHUNK_EMBEDDINGS_DDL = [
  `create table if not exists chunk_embeddings (
      chunk_id uuid primary key references document_chunks(id) on delete cascade,
      spark_id uuid not null,
      embedding vector not null)`,
  'create index if not exists chunk_embeddings_spark_idx on chunk_embeddings (spark_id)',
] as const;
