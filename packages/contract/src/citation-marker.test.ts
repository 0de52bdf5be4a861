import { describe, expect, it } from 'vitest';
import { citationMarkerPattern } from './citation-marker.js';

const markers = (text: string) => [...text.matchAll(citationMarkerPattern())].map((match) => Number(match[1]));

describe('citation markers', () => {
  it('finds the markers an answer cites with, however they are spaced or punctuated', () => {
    expect(markers('We open at 8:30 [1]. Prices are listed [2][3], and again[4].')).toEqual([1, 2, 3, 4]);
  });

  it("leaves a record's field paths alone: a name or a colon after the brackets says it is a path", () => {
    expect(markers('- variants[1].size: S\n- variants[2].colour: sand\n- tags[3]: "linen"\n\n[1]')).toEqual([1]);
  });
});
