import { describe, expect, it } from 'vitest';
import type { ChunkHit } from './chunks-repository.js';
import { fuseRankings } from './retrieval-service.js';

const hit = (chunkId: string, documentId: string, page = 1): ChunkHit => ({
  chunkId,
  documentId,
  title: `${documentId}.pdf`,
  page,
  pageEnd: page,
  heading: null,
  path: [],
  kind: 'prose',
  fields: null,
  text: chunkId,
  score: 1,
  url: null,
});

describe('rankings of a question and its other wordings, fused', () => {
  it('puts first what several wordings found, by reciprocal rank', () => {
    const fused = fuseRankings(
      [
        [hit('a', 'd1'), hit('b', 'd1')],
        [hit('b', 'd1'), hit('c', 'd1')],
      ],
      3,
    );
    expect(fused.map((item) => item.chunkId)).toEqual(['b', 'a', 'c']);
  });

  it("gives a tie to what the question's own words found in a bilingual Spark, whatever the documents' ids", () => {
    // The translation's first hit sits in a document whose id sorts first.
    const own = [hit('own', 'zz-document')];
    const translated = [hit('translated', 'aa-document')];
    expect(fuseRankings([own, translated], 2, { firstListWinsTies: true }).map((item) => item.chunkId)).toEqual(['own', 'translated']);
    // In a Spark of one language the tie goes by the documents, as before.
    expect(fuseRankings([own, translated], 2).map((item) => item.chunkId)).toEqual(['translated', 'own']);
  });

  it('breaks a tie between passages both lists found by the earlier page of the document', () => {
    const late = hit('late', 'd', 9);
    const early = hit('early', 'd', 2);
    expect(
      fuseRankings(
        [
          [late, early],
          [early, late],
        ],
        2,
        { firstListWinsTies: true },
      ).map((item) => item.chunkId),
    ).toEqual(['early', 'late']);
  });
});
