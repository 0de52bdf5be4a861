import { describe, expect, it } from 'vitest';
import { MAX_ADDRESS_LENGTH, siteScope } from './site-scope.js';

describe('siteScope', () => {
  const site = 'https://bakery.example/shop/index.html';

  it('reads the start path and below, on the host and its www. twin only', () => {
    const inScope = siteScope(site);
    expect(inScope('https://bakery.example/shop/bread')).toBe(true);
    expect(inScope('https://www.bakery.example/shop/')).toBe(true);
    expect(inScope('https://bakery.example/blog/')).toBe(false);
    expect(inScope('https://other.example/shop/')).toBe(false);
    expect(inScope('not an address')).toBe(false);
  });

  it('matches the owner’s stars against the path and its query, in any case; exclusions win', () => {
    const inScope = siteScope(site, { include: ['/shop/*/bread', '*.PDF', 'sort=*'], exclude: ['/shop/old/*'] });
    expect(inScope('https://bakery.example/shop/rye/bread')).toBe(true);
    expect(inScope('https://bakery.example/files/Menu.pdf')).toBe(true);
    expect(inScope('https://bakery.example/list?sort=price')).toBe(true);
    expect(inScope('https://bakery.example/shop/old/bread')).toBe(false);
    expect(inScope('https://bakery.example/shop/rye/cakes')).toBe(false);
    // Regular-expression characters in a pattern are only characters.
    expect(siteScope(site, { include: ['/shop/(a|b)+'] })('https://bakery.example/shop/aaaa')).toBe(false);
    expect(siteScope(site, { include: ['/shop/(a|b)+'] })('https://bakery.example/shop/(a|b)+')).toBe(true);
  });

  it('gives a pattern made to backtrack the same answer as any other, and no address longer than the bound', () => {
    const hostile = siteScope('https://bakery.example/', { exclude: ['a*a*a*a*a*a*a*a*a*a*a*b'] });
    const long = `https://bakery.example/${'a'.repeat(1_900)}`;
    expect(hostile(long)).toBe(true);
    expect(hostile(`${long}b`)).toBe(false);
    expect(siteScope('https://bakery.example/')(`https://bakery.example/${'a'.repeat(MAX_ADDRESS_LENGTH)}`)).toBe(false);
  });
});
