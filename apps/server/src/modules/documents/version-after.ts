/** A document version as the next one names it: its id, its lineage's first version (null when it is that one) and its number. */
export interface Predecessor {
  id: string;
  lineageId: string | null;
  version: number;
}

/** The lineage fields of the version that replaces `predecessor` (uploads, imports and owner answers number them alike). */
export const versionAfter = (predecessor: Predecessor) => ({
  lineageId: predecessor.lineageId ?? predecessor.id,
  version: predecessor.version + 1,
  replacesId: predecessor.id,
});
