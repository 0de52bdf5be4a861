import type { SparkDocument } from '@sparks/contract';
import { withoutBidiControls } from '../../lib/bidi-controls.js';
import type { DocumentRow } from './documents-repository.js';

export function documentView(row: DocumentRow): SparkDocument {
  return {
    _id: row.id,
    sparkId: row.sparkId,
    name: row.name,
    kind: row.kind,
    sizeBytes: row.sizeBytes,
    status: row.status,
    pages: row.pages,
    chunks: row.chunks,
    language: row.language,
    problem: row.problem,
    version: row.version,
    ...(row.replacesId ? { replaces: row.replacesId } : {}),
    ...(row.sourceUrl ? { sourceUrl: row.sourceUrl } : {}),
    ...(row.contentsPages?.length ? { contentsPages: row.contentsPages } : {}),
    ...(row.ocrPages?.length ? { ocrPages: row.ocrPages } : {}),
    ...(row.lowConfidencePages?.length ? { lowConfidencePages: row.lowConfidencePages } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A file name as data: no folders, no control characters, bounded; never used in a path. */
export function cleanDocumentName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = withoutBidiControls(base.replace(/[\u0000-\u001f\u007f]/g, ''))
    .trim()
    .slice(0, 200);
  // A name of dots only ('.', '..', '...') names nothing, and reads as a folder in many tools.
  return clean && !/^\.+$/.test(clean) ? clean : fallback;
}
