/** Where the API lives: every route's path is under it. */
export const API_BASE_PATH = '/api/v1';

/** A path with its `:params` filled in, each encoded as one path segment. */
export function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs :${name}`);
    return encodeURIComponent(value);
  });
}
