import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './memory-storage';

/** A fresh copy of the module for each case: its answers are kept in module state. */
async function freshModule() {
  vi.resetModules();
  return import('./early-requests');
}

describe('what a signed-in screen needs, asked before its code arrives', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the profile and the Sparks with the stored token, and hands each answer out once', async () => {
    const storage = new MemoryStorage();
    storage.setItem('access_token', 'token-1');
    const fetched: Array<[string, string | null]> = [];
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      fetched.push([url, new Headers(init.headers).get('authorization')]);
      return new Response(JSON.stringify({ data: url.endsWith('/sparks') ? [{ _id: 's1' }] : { id: 'u1' } }), { status: 200 });
    });
    const early = await freshModule();
    early.askEarly();
    expect(fetched).toEqual([
      ['/api/v1/account/profile', 'Bearer token-1'],
      ['/api/v1/sparks', 'Bearer token-1'],
    ]);
    expect(await early.takeEarly('/account/profile')).toEqual({ id: 'u1' });
    expect(await early.takeEarly('/sparks')).toEqual([{ _id: 's1' }]);
    // Taken once: a later query asks the API client, which sees changes made since.
    expect(await early.takeEarly('/sparks')).toBeUndefined();
  });

  it('asks nothing without a token, and leaves a refused or failed request to the API client', async () => {
    const storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
    const fetchSpy = vi.fn(async () => new Response('{"code":"UNAUTHORIZED"}', { status: 401 }));
    vi.stubGlobal('fetch', fetchSpy);
    let early = await freshModule();
    early.askEarly();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await early.takeEarly('/account/profile')).toBeUndefined();

    storage.setItem('access_token', 'expired');
    early = await freshModule();
    early.askEarly();
    expect(await early.takeEarly('/account/profile')).toBeUndefined();

    vi.stubGlobal('fetch', async () => {
      throw new TypeError('network down');
    });
    early = await freshModule();
    early.askEarly();
    expect(await early.takeEarly('/sparks')).toBeUndefined();
  });

  it('hands its answers only to the screen the page opened on: a screen reached later asks again', async () => {
    const storage = new MemoryStorage();
    storage.setItem('access_token', 'token-1');
    vi.stubGlobal('localStorage', storage);
    const location = { pathname: '/new-spark' };
    vi.stubGlobal('location', location);
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ data: [] }), { status: 200 }));
    const early = await freshModule();
    early.askEarly();
    // The phone's new-spark chat draws no list; the Spark it creates is opened on its own screen.
    location.pathname = '/spark/s1';
    expect(await early.takeEarly('/sparks')).toBeUndefined();
    expect(await early.takeEarly('/account/profile')).toBeUndefined();

    const again = await freshModule();
    location.pathname = '/spark/s1';
    again.askEarly();
    expect(await again.takeEarly('/sparks')).toEqual([]);
  });
});
