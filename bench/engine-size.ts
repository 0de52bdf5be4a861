/**
 * The size of the answer engine: the code between a question and its answer (wordings, retrieval,
 * confidence, evidence, the offline responder), counted in files, lines of code, named constants
 * and regular expressions, today and at a git revision given as a baseline, side by side. The
 * engine's files are found by where they live, not listed by hand: `lib/` and `llm/` (the
 * assistant's scripted conversations excluded: they are the menus, not the answer engine) and the
 * search files of `modules/documents/`. Tests are not counted.
 *
 *   npx tsx bench/engine-size.ts [baseline-revision]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const ROOT = join(import.meta.dirname, '..');
const RESULTS = join(import.meta.dirname, 'results');
const SERVER = 'apps/server/src';

/** Where the engine lives, and what lives there that is not the engine. */
const ENGINE = [
  {
    under: `${SERVER}/lib/`,
    only: /\/(?:cited-in-order|content-words|fold-text|figure-question|heading-match|heading-topic|inverse-document-frequency|match-strength|question-key)\.ts$/,
  },
  {
    under: `${SERVER}/llm/`,
    not: /\/offline\/(?:assistant|billing|builder|deploy|main-chat|new-spark|onboarding|profile|settings|script-step|language-choice)/,
  },
  { under: `${SERVER}/modules/documents/`, only: /\/(?:retrieval-service|search-plan|search-statement|search-text|heading-match|chunks-repository)\.ts$/ },
  { under: `${SERVER}/modules/chat/`, only: /\/(?:prompt-assembly|spark-answer-service)\.ts$/ },
  // The answer pipeline's module; the instructions guard and the hand-off's wording moved in with it from the chat module, which was not counted, so they are not counted here either.
  { under: `${SERVER}/modules/answers/`, not: /\/(?:instructions-guard|handoff-answer)\.ts$/ },
];

const git = (...args: string[]): string => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

function engineFiles(revision: string): string[] {
  const listed =
    revision === 'HEAD+worktree'
      ? git('ls-files', '--cached', '--others', '--exclude-standard', SERVER)
      : git('ls-tree', '-r', '--name-only', revision, SERVER);
  return listed
    .split('\n')
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && (revision !== 'HEAD+worktree' || existsSync(join(ROOT, path))))
    .filter((path) => ENGINE.some((part) => path.startsWith(part.under) && (!part.only || part.only.test(path)) && (!part.not || !part.not.test(path))));
}

interface Size {
  files: number;
  lines: number;
  constants: number;
  patterns: number;
}

/** Lines that hold code (not blank, not only a comment); constants named in capitals; regular expression literals and `new RegExp`. */
function sizeOf(source: string): Omit<Size, 'files'> {
  const file = ts.createSourceFile('file.ts', source, ts.ScriptTarget.Latest, true);
  let constants = 0;
  let patterns = 0;
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) patterns += 1;
    if (ts.isNewExpression(node) && node.expression.getText(file) === 'RegExp') patterns += 1;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && /^[A-Z][A-Z0-9_]+$/.test(node.name.text)) constants += 1;
    ts.forEachChild(node, visit);
  };
  visit(file);
  const lines = source.split('\n').filter((line) => {
    const trimmed = line.trim();
    return trimmed !== '' && !trimmed.startsWith('//') && !trimmed.startsWith('*') && !trimmed.startsWith('/*');
  }).length;
  return { lines, constants, patterns };
}

function measure(revision: string): Size {
  const files = engineFiles(revision);
  const total: Size = { files: files.length, lines: 0, constants: 0, patterns: 0 };
  for (const path of files) {
    const source = revision === 'HEAD+worktree' ? readFileSync(join(ROOT, path), 'utf8') : git('show', `${revision}:${path}`);
    const size = sizeOf(source);
    total.lines += size.lines;
    total.constants += size.constants;
    total.patterns += size.patterns;
  }
  return total;
}

const baseline = process.argv[2];
const rows = [{ state: 'now', ...measure('HEAD+worktree') }, ...(baseline ? [{ state: baseline, ...measure(baseline) }] : [])];
console.log('\nThe answer engine: files, lines of code, named constants and regular expressions');
console.table(rows);
mkdirSync(RESULTS, { recursive: true });
writeFileSync(
  join(RESULTS, 'engine-size.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), commit: git('rev-parse', 'HEAD').trim(), rows }, null, 2)}\n`,
);
