import { DOCUMENT_MAX_PAGES, DOCUMENT_MAX_RECORDS, LIMITS, type DocumentKind, type DocumentProblemInfo, type PageRange } from '@sparks/contract';
import type { TFunction } from 'i18next';
import { pageCount, pageRangesLabel, type UploadProblem } from './document-rules';

/** A size in MB as the too-large message shows it, with the user's decimal separator. */
const megabytes = (value: string, language: string) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Number(value));

/** Why an upload cannot go ahead, in the user's language (product.md §5 and §8 wording in English). */
export function uploadProblemText(t: TFunction, problem: UploadProblem, language: string): string {
  switch (problem.kind) {
    case 'tooLarge':
      return t('documents.upload.errors.tooLarge', { max: LIMITS.uploadMaxMegabytes, size: megabytes(problem.megabytes, language) });
    case 'mismatch':
      return t('documents.upload.errors.mismatch', {
        name: problem.name,
        declared: t(`documents.upload.mismatch.declared.${problem.declared}`),
        found: t(`documents.upload.mismatch.found.${problem.found}`),
      });
    default:
      return t(`documents.upload.errors.${problem.kind}`);
  }
}

/**
 * Why a document has no (or only part of its) text, worded by its code, never the server's English.
 * A photo's problems say what to try with a photo (`kind`).
 */
export function documentProblemText(t: TFunction, problem: DocumentProblemInfo, kind?: DocumentKind): string {
  const ranges = problem.pages ?? [];
  if (kind === 'image' && (problem.code === 'no_text' || problem.code === 'corrupt' || problem.code === 'internal')) {
    return t(`documents.problems.image.${problem.code === 'no_text' ? 'noText' : 'unreadable'}`);
  }
  switch (problem.code) {
    case 'pages_without_text':
      if (ranges.length === 0) return t('documents.problems.no_text');
      return t('documents.problems.pages_without_text', { count: pageCount(ranges), pages: pageRangesLabel(ranges) });
    case 'too_many_pages':
      return t('documents.problems.too_many_pages', { max: DOCUMENT_MAX_PAGES });
    case 'ocr_page_budget':
      return t('documents.problems.ocr_page_budget', { count: pageCount(ranges), pages: pageRangesLabel(ranges), max: problem.limit });
    case 'ocr_time_budget':
      return t('documents.problems.ocr_time_budget', { count: pageCount(ranges), pages: pageRangesLabel(ranges), seconds: problem.limit });
    case 'too_many_records':
      return t('documents.problems.too_many_records', { max: DOCUMENT_MAX_RECORDS });
    default:
      return t(`documents.problems.${problem.code}`);
  }
}

/** Which pages were read as a table of contents or an index and left out, so the owner knows why they are never cited. */
export function contentsPagesText(t: TFunction, ranges: readonly PageRange[]): string {
  return t('documents.contentsPages', { count: pageCount(ranges), pages: pageRangesLabel(ranges) });
}

/** What OCR read: the whole image, or which pages of a scan; then the pages worth checking. `ocr` null: an image. */
export function ocrPagesText(t: TFunction, ocr: readonly PageRange[] | null, lowConfidence: readonly PageRange[]): string {
  const read = ocr ? t('documents.ocrPages', { count: pageCount(ocr), pages: pageRangesLabel(ocr) }) : t('documents.ocrImage');
  if (lowConfidence.length === 0) return read;
  const low = ocr
    ? t('documents.lowConfidencePages', { count: pageCount(lowConfidence), pages: pageRangesLabel(lowConfidence) })
    : t('documents.lowConfidenceImage');
  return `${read} ${low}`;
}
