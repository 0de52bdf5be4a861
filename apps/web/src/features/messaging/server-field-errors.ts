/**
 * The server names each refused field in its message (`body.appSecret: …`, joined with ', '): each
 * error goes under its own field, and what names no field is said once for the whole form.
 */
export function serverFieldErrors<F extends string>(
  message: string | null,
  fields: readonly F[],
): { byField: Partial<Record<F, string>>; other: string | null } {
  if (!message) return { byField: {}, other: null };
  const byField: Partial<Record<F, string>> = {};
  const rest: string[] = [];
  for (const part of message.split(', ')) {
    const field = fields.find((name) => part.includes(`.${name}`));
    if (field) byField[field] = part.replace(/^[^:]*:\s*/, '');
    else rest.push(part);
  }
  return { byField, other: rest.length > 0 ? rest.join(', ') : null };
}
