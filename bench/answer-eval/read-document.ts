import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentKind } from '@sparks/contract';
import { SNIFF_BYTES, sniffKind } from '../../apps/server/src/modules/documents/file-kind.js';
import { extractDoc } from '../../apps/server/src/modules/documents/ingestion/extract-doc.js';
import { extractDocx } from '../../apps/server/src/modules/documents/ingestion/extract-docx.js';
import { extractImage } from '../../apps/server/src/modules/documents/ingestion/extract-image.js';
import { extractJson } from '../../apps/server/src/modules/documents/ingestion/extract-json.js';
import { extractPdf } from '../../apps/server/src/modules/documents/ingestion/extract-pdf.js';
import { extractText } from '../../apps/server/src/modules/documents/ingestion/extract-text.js';
import type { ExtractedDocument } from '../../apps/server/src/modules/documents/ingestion/extracted-document.js';
import { pageContent } from '../../apps/server/src/modules/websites/page-content.js';
import { DOCUMENTS_DIR, type CorpusDocument } from './corpus.js';

/** As long as the ingestion job may read; a scanned PDF is read by OCR page by page. */
const READ_BUDGET_MS = 120_000;

/**
 * The kind the upload would be stored as: decided by the file's first bytes and its name, as
 * the upload does. Containers are not opened again here: every ZIP in the corpus is a DOCX and
 * every OLE file a Word 97 document.
 */
async function kindOf(bytes: Buffer, fileName: string): Promise<DocumentKind> {
  const sniffed = await sniffKind(bytes.subarray(0, SNIFF_BYTES), fileName, bytes.length <= SNIFF_BYTES);
  if (sniffed === null) throw new Error(`${fileName} is not a file the product accepts`);
  if (sniffed.kind === 'zip') return 'docx';
  if (sniffed.kind === 'ole') return 'doc';
  return sniffed.kind;
}

/**
 * A corpus document read by the same extract function the ingestion job runs for its kind:
 * PDFs through pdf.js with OCR for pages without text, text and Markdown by their blocks, Word
 * files, photos and JSON likewise. The fact check compares questions with this text, so a
 * scanned page counts with what OCR reads on it.
 */
export async function readDocument(document: CorpusDocument): Promise<ExtractedDocument> {
  const bytes = await document.load();
  const data = new Uint8Array(bytes);
  const limits = { deadline: Date.now() + READ_BUDGET_MS };
  const kind = await kindOf(bytes, document.fileName);
  switch (kind) {
    case 'pdf':
      return extractPdf(data, limits);
    case 'docx':
      return extractDocx(data);
    case 'doc':
      return extractDoc(data);
    case 'image':
      return extractImage(data, limits);
    case 'json':
      return extractJson(data);
    case 'markdown':
    case 'answer':
      return extractText(data, true);
    case 'text':
      return extractText(data, false);
  }
}

/**
 * A corpus website's pages as the product reads them: each page's main content by the website
 * reader, stored as the Markdown document the import writes (its title as the heading) and read
 * by the Markdown reader. Page n is the site's n-th page.
 */
export async function readSitePages(document: CorpusDocument): Promise<ExtractedDocument[]> {
  if (!document.site) throw new Error(`${document.id} is not a website`);
  return Promise.all(
    document.site.pages.map(async (path) => {
      const html = (await readFile(join(DOCUMENTS_DIR, document.fileName, path))).toString('utf8');
      const content = pageContent(html, `https://site.example/${path}`);
      return extractText(new Uint8Array(Buffer.from(`# ${content.title}\n\n${content.markdown}\n`)), true);
    }),
  );
}
