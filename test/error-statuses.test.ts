import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverSourceFiles } from './support/server-source-files';

/**
 * Clients branch on an error's code (docs/product.md, the error table): a code that means 402 in
 * one place and 409 in another leaves the client guessing which screen to show. Every refusal the
 * server builds (`new AppError(status, ERROR_CODES.X, …)`) is read here; a gateway failure may be
 * 502 or 504, anything a client acts on has one status.
 */
describe('error codes', () => {
  it('each code the client acts on is sent with one status only', () => {
    const statuses = new Map<string, Set<number>>();
    for (const file of serverSourceFiles()) {
      for (const match of readFileSync(file, 'utf8').matchAll(/new AppError\(\s*(\d{3}),\s*ERROR_CODES\.(\w+)/g)) {
        const [, status, code] = match;
        statuses.set(code!, (statuses.get(code!) ?? new Set()).add(Number(status)));
      }
    }
    expect(statuses.size).toBeGreaterThan(15);
    const clientCodes = [...statuses].filter(([, used]) => [...used].some((status) => status < 500));
    const mixed = clientCodes.filter(([, used]) => used.size > 1).map(([code, used]) => `${code}: ${[...used].join(', ')}`);
    expect(mixed).toEqual([]);
    expect(statuses.get('LIMIT_REACHED')).toEqual(new Set([402]));
  });
});
