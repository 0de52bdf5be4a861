import type { SqlSession } from '../db/sql-session.js';
import { BackupError } from './backup-error.js';

export interface CatalogTable {
  name: string;
  /** Stored columns in table order; generated columns are left out (the database computes them). */
  columns: Array<{ name: string; type: string }>;
  primaryKey: string[];
}

/**
 * The application's tables: every ordinary table of the `public` schema that no extension owns,
 * parents before children (foreign keys), so rows can be loaded in this order with every
 * constraint checked. Read from the catalog rather than the Drizzle schema so that tables made at
 * run time (the embeddings table) and tables of a newer or older schema level are included as
 * they are.
 */
export async function catalogTables(session: SqlSession): Promise<CatalogTable[]> {
  const tables = await session.query<{ name: string }>(
    `select c.relname as name from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
       and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
     order by c.relname`,
  );
  const columns = await session.query<{ table_name: string; name: string; type: string }>(
    `select c.relname as table_name, a.attname as name, format_type(a.atttypid, a.atttypmod) as type
     from pg_attribute a join pg_class c on c.oid = a.attrelid
     where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by c.relname, a.attnum`,
  );
  const keys = await session.query<{ table_name: string; name: string }>(
    `select c.relname as table_name, a.attname as name
     from pg_index i join pg_class c on c.oid = i.indrelid
     join lateral unnest(i.indkey) with ordinality as k(attnum, position) on true
     join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
     where c.relnamespace = 'public'::regnamespace and i.indisprimary
     order by c.relname, k.position`,
  );
  const references = await session.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
     from pg_constraint f join pg_class child on child.oid = f.conrelid join pg_class parent on parent.oid = f.confrelid
     where f.contype = 'f' and f.connamespace = 'public'::regnamespace`,
  );
  const byName = new Map<string, CatalogTable>(tables.map(({ name }) => [name, { name, columns: [], primaryKey: [] }]));
  for (const column of columns) byName.get(column.table_name)?.columns.push({ name: column.name, type: column.type });
  for (const key of keys) byName.get(key.table_name)?.primaryKey.push(key.name);
  return parentsFirst([...byName.values()], references);
}

/** Depth-first topological order; a table referring to itself is fine, a cycle between tables is not. */
function parentsFirst(tables: CatalogTable[], references: Array<{ child: string; parent: string }>): CatalogTable[] {
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references) if (child !== parent) parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: CatalogTable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting')
      throw new BackupError(`the tables ${[...path, name].join(' → ')} refer to each other in a cycle; they cannot be loaded in order`);
    state.set(name, 'visiting');
    for (const parent of [...(parents.get(name) ?? [])].sort()) if (byName.has(parent)) visit(parent, [...path, name]);
    state.set(name, 'done');
    ordered.push(byName.get(name)!);
  };
  for (const table of tables) visit(table.name, []);
  return ordered;
}

/** Sequences of the `public` schema and their current values (none today; kept so a serial column later is not silently reset). */
export async function catalogSequences(session: SqlSession): Promise<Array<{ name: string; value: string | null }>> {
  return session.query<{ name: string; value: string | null }>(
    `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by sequencename`,
  );
}
