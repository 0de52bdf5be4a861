import type { SqlSession } from '../db/sql-session.js';

/**
 * Empties a PostgreSQL database of what Sparks made, inside the caller's transaction: the job
 * queue and migration schemas, and every table, view, sequence, function and type of `public`
 * that no extension owns (pgvector stays installed). Dropping `public` itself would need its
 * owner, which the application's user often is not.
 */
export async function wipeSchema(session: SqlSession): Promise<void> {
  await session.exec('drop schema if exists pgboss cascade; drop schema if exists drizzle cascade');
  const statements = await session.query<{ statement: string }>(
    `with owned_by_extension as (select objid from pg_depend where deptype = 'e')
     select format('drop %s if exists %s cascade', kind, name) as statement from (
       select 1 as step, case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end as kind,
         format('public.%I', c.relname) as name
       from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
         and c.oid not in (select objid from owned_by_extension)
       union all
       select 2, case p.prokind when 'p' then 'procedure' when 'a' then 'aggregate' else 'function' end,
         format('public.%I(%s)', p.proname, pg_get_function_identity_arguments(p.oid))
       from pg_proc p where p.pronamespace = 'public'::regnamespace and p.oid not in (select objid from owned_by_extension)
       union all
       select 3, 'type', format('public.%I', t.typname)
       from pg_type t where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd', 'r', 'm')
         and t.oid not in (select objid from owned_by_extension)
     ) objects order by step`,
  );
  for (const { statement } of statements) await session.exec(statement);
}
