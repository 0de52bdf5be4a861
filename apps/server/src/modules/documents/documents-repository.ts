import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { lockSparkTerms } from '../../db/spark-terms-lock.js';
import { documents } from '../../db/schema.js';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = Pick<typeof documents.$inferInsert, 'id' | 'tenantId' | 'sparkId' | 'name' | 'kind' | 'sizeBytes' | 'storageKey'> &
  Partial<
    Pick<typeof documents.$inferInsert, 'integrationId' | 'externalId' | 'externalTag' | 'externalPath' | 'sourceUrl' | 'lineageId' | 'version' | 'replacesId'>
  >;

/** Every read names the tenant (and Spark): another tenant's document is simply not found. */
export class DocumentsRepository {
  constructor(private readonly db: Db) {}

  async create(document: NewDocument): Promise<DocumentRow> {
    const [row] = await this.db.insert(documents).values(document).returning();
    if (!row) throw new Error('insert returned no document');
    return row;
  }

  list(tenantId: string, sparkId: string): Promise<DocumentRow[]> {
    return this.db
      .select()
      .from(documents)
      .where(and(eq(documents.tenantId, tenantId), eq(documents.sparkId, sparkId)))
      .orderBy(desc(documents.createdAt), desc(documents.id));
  }

  async find(tenantId: string, sparkId: string, documentId: string): Promise<DocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(documents)
      .where(and(eq(documents.tenantId, tenantId), eq(documents.sparkId, sparkId), eq(documents.id, documentId)))
      .limit(1);
    return row;
  }

  /** The Spark's owner answers, newest version of each first (a version being read comes before the one it replaces). */
  answers(tenantId: string, sparkId: string): Promise<DocumentRow[]> {
    return this.db
      .select()
      .from(documents)
      .where(and(eq(documents.tenantId, tenantId), eq(documents.sparkId, sparkId), eq(documents.kind, 'answer')))
      .orderBy(desc(documents.version), desc(documents.createdAt));
  }

  /** Whether a later version of this document is queued or being read (a failed one replaces nothing). */
  async hasVersionBeingRead(row: DocumentRow): Promise<boolean> {
    const lineage = row.lineageId ?? row.id;
    const [newer] = await this.db
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(
          eq(documents.tenantId, row.tenantId),
          eq(documents.sparkId, row.sparkId),
          or(eq(documents.lineageId, lineage), eq(documents.id, lineage)),
          gt(documents.version, row.version),
          inArray(documents.status, ['queued', 'processing']),
        ),
      )
      .limit(1);
    return newer !== undefined;
  }

  /** The newest document of the Spark with this name (an upload of the same name is its next version). */
  async latestNamed(tenantId: string, sparkId: string, name: string): Promise<DocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(documents)
      .where(and(eq(documents.tenantId, tenantId), eq(documents.sparkId, sparkId), eq(documents.name, name), isNull(documents.integrationId)))
      .orderBy(desc(documents.version), desc(documents.createdAt))
      .limit(1);
    return row;
  }

  /** Chunks go with the document by cascade. */
  async delete(tenantId: string, sparkId: string, documentId: string): Promise<DocumentRow | undefined> {
    return this.db.transaction(async (tx) => {
      await lockSparkTerms(tx, sparkId);
      const [row] = await tx
        .delete(documents)
        .where(and(eq(documents.tenantId, tenantId), eq(documents.sparkId, sparkId), eq(documents.id, documentId)))
        .returning();
      return row;
    });
  }

  /** Files imported through one connection, oldest first. */
  imported(tenantId: string, integrationId: string): Promise<DocumentRow[]> {
    return this.db
      .select()
      .from(documents)
      .where(and(eq(documents.tenantId, tenantId), eq(documents.integrationId, integrationId)))
      .orderBy(documents.createdAt, documents.id);
  }

  /** Unlinks one imported document from its library item (its newer version takes the item over). */
  async detachOne(tenantId: string, sparkId: string, documentId: string): Promise<void> {
    await this.db
      .update(documents)
      .set({ integrationId: null, externalId: null, externalTag: null, updatedAt: sql`now()` })
      .where(and(eq(documents.tenantId, tenantId), eq(documents.sparkId, sparkId), eq(documents.id, documentId)));
  }

  /** Keeps the documents as the Spark's own once their connection is gone. */
  async detach(tenantId: string, integrationId: string): Promise<void> {
    await this.db
      .update(documents)
      .set({ integrationId: null, externalId: null, externalTag: null })
      .where(and(eq(documents.tenantId, tenantId), eq(documents.integrationId, integrationId)));
  }

  async storageKeysOfSpark(tenantId: string, sparkId: string): Promise<string[]> {
    const rows = await this.db
      .select({ key: documents.storageKey })
      .from(documents)
      .where(and(eq(documents.tenantId, tenantId), eq(documents.sparkId, sparkId)));
    return rows.map((row) => row.key);
  }
}
