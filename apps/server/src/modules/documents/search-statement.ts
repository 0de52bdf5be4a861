import { sql, type SQL } from 'drizzle-orm';
import type { SearchPlan } from './search-plan.js';

/** BM25's usual constants: how fast repeats of a word stop adding, and how much length counts. */
const BM25_K1 = 1.2;
const BM25_B = 0.75;

/**
 * A tier's chunks that no earlier tier holds. The tiers nest (the four rarest words, two of them,
 * one), so without this the same chunks would come again and fill the candidate budget twice over.
 * A tier is read only when the earlier ones held fewer chunks than the budget, so their ids are a
 * short list, taken once; checking each row against it keeps the tier streaming until the budget
 * is full (a join could read a single-word tier of thousands of chunks whole first).
 */
const tierRows = (index: number): string =>
  index === 0
    ? 'select id from tier_0'
    : `select id from tier_${index} where id <> all(array(${Array.from({ length: index }, (_, earlier) => `select id from tier_${earlier}`).join(' union all ')}))`;

/** The statement behind ChunksRepository.search, on its own so the benchmark can EXPLAIN exactly what runs. */
export function searchStatement(tenantId: string, sparkId: string, plan: Exclude<SearchPlan, { kind: 'none' }>, limit: number): SQL {
  // MATERIALIZED: planned without the LIMIT, a tier is read through the GIN index rather than by a
  // sequential scan that stops early but reads every row's vector on the way; and a tier is only
  // read at all when the ones before it fell short.
  const tier = (query: string, index: number) =>
    sql`${sql.raw(`tier_${index}`)} as materialized (select c.id from document_chunks c where c.spark_id = ${sparkId} and c.tsv @@ ${query}::tsquery)`;
  const candidates =
    plan.kind === 'exhaustive'
      ? sql`select c.id from document_chunks c where c.spark_id = ${sparkId} and c.tsv @@ ${plan.match}::tsquery`
      : sql`with ${sql.join(plan.tiers.map(tier), sql`, `)}
        select id from (${sql.join(
          plan.tiers.map((_, index) => sql.raw(tierRows(index))),
          sql` union all `,
        )} limit ${plan.candidates}) as bounded`;
  // BM25 over the candidates. A word's count in a chunk comes from ts_rank_cd with that word alone
  // and weights {D, C, B, A} = {0.5, 0.5, 0.5, 1}: each occurrence adds its weight, so doubled it is
  // the count with a heading occurrence counting twice (cheaper than unnesting the vector). The calls read
  // `v.tsv`, a copy made once per candidate: on `c.tsv` each call would detoast the vector again, once per word.
  const counts = plan.weights.map(
    ({ lexeme }, index) => sql`ts_rank_cd('{0.5,0.5,0.5,1}', v.tsv, ${`'${lexeme}'`}::tsquery, 0) * 2 as ${sql.raw(`tf_${index}`)}`,
  );
  const terms = plan.weights.map(({ idf }, index) => {
    const tf = sql.raw(`m.tf_${index}`);
    return sql`${idf}::float8 * ${tf} * ${BM25_K1 + 1}::float8 / (${tf} + ${BM25_K1}::float8 * (${1 - BM25_B}::float8 + ${BM25_B}::float8 * m.len / a.len))`;
  });
  return sql`
    with candidates as (${candidates}),
    matched as (
      select c.id, greatest(length(v.tsv), 1)::float8 as len, ${sql.join(counts, sql`, `)}
      from candidates k join document_chunks c on c.id = k.id
        cross join lateral (select c.tsv || ''::tsvector as tsv offset 0) v
    ),
    average as (select avg(len) as len from matched),
    scored as (select m.id, ${sql.join(terms, sql` + `)} as score from matched m cross join average a)
    select c.id, c.document_id, d.name, d.source_url, c.page, c.page_end, c.heading, c.path, c.kind, c.fields, c.text, s.score
    from scored s
    join document_chunks c on c.id = s.id
    join documents d on d.id = c.document_id
    where d.tenant_id = ${tenantId}
    order by s.score desc, d.created_at, c.ord
    limit ${limit}`;
}
