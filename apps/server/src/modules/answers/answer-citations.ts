import type { Citation } from '@sparks/contract';
import type { Passage } from '../../llm/prompt-format.js';
import { citedMarkers } from '../../lib/cited-in-order.js';
import { excerptOf } from '../documents/retrieval-service.js';

/** The passages an answer's [n] markers point at; markers the model invented are dropped. */
export function answerCitations(text: string, passages: readonly Passage[]): Citation[] {
  return citedMarkers(text).flatMap((marker) => {
    const passage = passages.find((item) => item.marker === marker);
    if (!passage) return [];
    return [
      {
        marker,
        title: passage.title,
        ...(passage.page ? { page: passage.page } : {}),
        excerpt: excerptOf(passage.text),
        ...(passage.chunkId ? { chunkId: passage.chunkId } : {}),
        ...(passage.documentId ? { documentId: passage.documentId } : {}),
        ...(passage.url ? { url: passage.url } : {}),
      },
    ];
  });
}
