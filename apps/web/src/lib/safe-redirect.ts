/**
 * Only same-origin relative paths may be followed after login: '/spark/1' yes; '//evil.example',
 * 'https://evil.example', '/\\evil.example' and 'javascript:' never. Anything else falls back.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || target.length > 2_000) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  // Browsers drop tabs and newlines inside URLs, so '/\t/evil.example' would become '//evil.example'.
  if ([...target].some((char) => char.charCodeAt(0) < 0x20 || char === '\\')) return fallback;
  try {
    const resolved = new URL(target, 'http://sparks.invalid');
    if (resolved.origin !== 'http://sparks.invalid') return fallback;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return fallback;
  }
}
