import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Language } from '@sparks/contract';

const run = promisify(execFile);

/** Apertium's names of the English–Spanish pair's directions (Debian's apertium-eng-spa). */
const MODES: Record<`${Language}-${Language}`, string | null> = { 'en-es': 'eng-spa', 'es-en': 'spa-eng', 'en-en': null, 'es-es': null };
/** A question takes a tenth of a second on a quiet machine, seconds on a loaded one; past this the search goes on without it. */
const TIMEOUT_MS = 8_000;
/** A question, not a document: longer text is not translated. */
const MAX_CHARS = 1_000;

/** Turns a question into another language, or null when it cannot. */
export interface Translator {
  readonly name: string;
  translate(text: string, from: Language, to: Language, signal?: AbortSignal): Promise<string | null>;
}

/**
 * The offline translator: Apertium, the rule-based engine Debian packages (`apertium` and
 * `apertium-eng-spa`, GPL), run as a process per question. It gets technical words wrong ("file"
 * becomes the tool, "lima"), so its translation is searched beside the question's own words,
 * never instead of them (docs/decisions/0025). Found at start-up; without it a question in the
 * other language than the documents finds little.
 */
export class ApertiumTranslator implements Translator {
  readonly name = 'apertium';

  private constructor(private readonly folder: string) {}

  /** The translator when Apertium and both directions of the English–Spanish pair are installed; null otherwise. */
  static async detect(): Promise<ApertiumTranslator | null> {
    try {
      const { stdout } = await run('apertium', ['-l'], { timeout: TIMEOUT_MS });
      const modes = stdout.split(/\s+/);
      if (!modes.includes('eng-spa') || !modes.includes('spa-eng')) return null;
      return new ApertiumTranslator(await mkdtemp(join(tmpdir(), 'sparks-apertium-')));
    } catch {
      return null;
    }
  }

  async translate(text: string, from: Language, to: Language, signal?: AbortSignal): Promise<string | null> {
    const mode = MODES[`${from}-${to}`];
    const question = text.replace(/\s+/g, ' ').trim();
    if (!mode || !question || question.length > MAX_CHARS) return null;
    // Apertium reads its input as a file path: Node's pipes are sockets, which its text reader cannot open as /dev/stdin.
    const file = join(this.folder, `${process.pid}-${Math.random().toString(36).slice(2)}.txt`);
    try {
      await writeFile(file, `${question}\n`, 'utf8');
      const { stdout } = await run('apertium', ['-u', mode, file], { timeout: TIMEOUT_MS, ...(signal ? { signal } : {}) });
      const translation = stdout.replace(/\s+/g, ' ').trim();
      return translation && translation !== question ? translation : null;
    } catch {
      return null;
    } finally {
      await rm(file, { force: true });
    }
  }
}
