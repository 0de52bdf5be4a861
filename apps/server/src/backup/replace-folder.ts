import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Puts the folder `from` where `to` is, by renames only: the old folder steps aside, the new one
 * takes its name, then the old one is removed. Both live in DATA_DIR, so each rename is atomic and
 * at no moment is there a half-copied folder under the name the server opens.
 */
export async function replaceFolder(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  const aside = `${to}.replaced-${randomBytes(4).toString('hex')}`;
  const hadOne = existsSync(to);
  if (hadOne) await rename(to, aside);
  try {
    await rename(from, to);
  } catch (error) {
    if (hadOne) await rename(aside, to);
    throw error;
  }
  if (hadOne) await rm(aside, { recursive: true, force: true });
}
