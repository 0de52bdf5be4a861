import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const architecture = read('docs/architecture.md');

const foldersIn = (path: string): string[] => readdirSync(join(root, path)).filter((name) => statSync(join(root, path, name)).isDirectory());
const markdownIn = (path: string): string[] =>
  readdirSync(join(root, path))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `${path}/${name}`);

/** Every page of the documentation: the guides in docs/ and the decision records. */
const DOCS = [...markdownIn('docs'), ...markdownIn('docs/decisions')];

/** The repository's own top-level folders: a path starting with one is written from the root. */
const REPOSITORY_FOLDERS = ['apps', 'packages', 'docs', 'test', 'e2e', 'bench', 'integrations', 'scripts'];
/** The docs shorten paths inside the two apps' sources: `modules/chat/chat-routes.ts`, `features/chat/use-chat.ts`. */
const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src'];
const SOURCE_FOLDERS = new Set(SOURCE_ROOTS.flatMap(foldersIn));
/** Build output, installed packages and version control: never cited as a file of the repository. */
const NOT_SOURCES = new Set(['node_modules', 'dist', 'coverage', '.git']);

/** Every file and folder of the repository's own folders, as paths from the root. */
function repositoryTree(): string[] {
  const paths: string[] = [];
  const walk = (path: string): void => {
    for (const entry of readdirSync(join(root, path), { withFileTypes: true })) {
      if (NOT_SOURCES.has(entry.name)) continue;
      const child = `${path}/${entry.name}`;
      paths.push(child);
      if (entry.isDirectory()) walk(child);
    }
  };
  REPOSITORY_FOLDERS.forEach(walk);
  return paths;
}
const tree = repositoryTree();
const existsAnywhere = (path: string): boolean => tree.some((candidate) => candidate === path || candidate.endsWith(`/${path}`));

/** Code-span text that reads as a path: letters, digits and `. _ - / @`, plus the placeholders `* < > { } ,`. */
const PATH_LIKE = /^[\w.@*<>{},/-]+$/;
/** A segment that stands for many names (`<name>`, `*-routes.ts`, `{en,es}`): the path is checked up to it. */
const PLACEHOLDER = /[*<>{},]/;
/** Source files, which a bare name or a path relative to some folder names. */
const SOURCE_FILE = /(?:^|\/)[^/.][^/]*\.(?:ts|tsx|mts|mjs|cjs|md|css|php)$/;

/** The text of a page without its fenced code blocks (commands, not citations). */
const prose = (markdown: string): string => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** Every code span of the page that names a file or folder, with how it must be found. */
function citedPaths(markdown: string): Array<{ cited: string; found: boolean }> {
  const cited: Array<{ cited: string; found: boolean }> = [];
  for (const [, span] of prose(markdown).matchAll(/`([^`\n]+)`/g)) {
    const text = span!.trim();
    if (!PATH_LIKE.test(text)) continue;
    // Paths are written from the repository's root: one that climbs out of it points at nothing a reader of the repository has.
    if (text.startsWith('../')) {
      cited.push({ cited: text, found: false });
      continue;
    }
    const segments = text.split('/').filter(Boolean);
    const first = segments[0] ?? '';
    // Built files (`dist/main.js`), environment variables (`DATA_DIR/files`), packages (`@ai-sdk/provider`) and URL paths (`/widget.js`).
    if (text.startsWith('/') || segments.some((segment) => NOT_SOURCES.has(segment)) || /^[A-Z_]+$/.test(first) || first.startsWith('@')) continue;
    const wildcard = segments.findIndex((segment) => PLACEHOLDER.test(segment));
    const literal = (wildcard === -1 ? segments : segments.slice(0, wildcard)).join('/');
    if (!literal) continue;
    if (segments.length > 1 && REPOSITORY_FOLDERS.includes(first)) {
      cited.push({ cited: text, found: existsSync(join(root, literal)) });
    } else if (segments.length > 1 && SOURCE_FOLDERS.has(first)) {
      // `lib/…` is a folder of both apps: the path counts when it exists in either.
      cited.push({ cited: text, found: SOURCE_ROOTS.some((base) => existsSync(join(root, base, literal))) });
    } else if (wildcard === -1 && SOURCE_FILE.test(text)) {
      // A bare source file name (`search-plan.ts`) or a path relative to a folder the text named before
      // (`ingestion/detect-language.ts`, `api/chat-calls.ts`) is looked up in the whole tree: it must end
      // some file's path, so a file renamed or removed is caught wherever the docs name it. Other bare names
      // (`manifest.json`, `frame.js`) are files of an archive or of a build, and folders relative to one named
      // before (`routes/`, `meta/`) are too vague to look up: both are skipped.
      cited.push({ cited: text, found: existsSync(join(root, literal)) || existsAnywhere(literal) });
    }
  }
  return cited;
}

/** The numbered sections of a page: `## 7. The calls it makes` gives 7 and its title. */
const sectionsOf = (markdown: string): Map<string, string> =>
  new Map([...markdown.matchAll(/^## (\d+)\. (.+)$/gm)].map((match): [string, string] => [match[1]!, match[2]!.trim().toLowerCase()]));

/** Code and its comments: every file under the repository's folders but the docs themselves. */
const codeFiles = (): string[] => tree.filter((path) => !path.startsWith('docs/') && /\.(?:ts|tsx|mts|mjs|js|css|html|php)$/.test(path));

/** docs/architecture.md is where a newcomer learns the layout: a folder it does not name is a folder nobody can find. */
describe('docs/architecture.md', () => {
  it('names every server module and every web feature', () => {
    const modules = foldersIn('apps/server/src/modules');
    const features = foldersIn('apps/web/src/features');
    expect(modules.length).toBeGreaterThan(10);
    expect(features.length).toBeGreaterThan(10);
    const missing = [...modules.map((name) => `modules/${name}`), ...features.map((name) => `features/${name}`)].filter(
      (folder) => !architecture.includes(`\`${folder}\``),
    );
    expect(missing).toEqual([]);
  });

  it('lists every decision record, as the decisions index does', () => {
    const records = readdirSync(join(root, 'docs/decisions')).filter((name) => /^\d{4}-.+\.md$/.test(name));
    expect(records.length).toBeGreaterThan(20);
    const index = read('docs/decisions/README.md');
    expect(records.filter((name) => !index.includes(`](${name})`))).toEqual([]);
    expect(records.filter((name) => !architecture.includes(`](decisions/${name})`))).toEqual([]);
  });
});

/** A path in the docs that no longer exists sends the reader looking for a file that was renamed or removed. */
describe('the docs', () => {
  it('cite only files and folders that exist', () => {
    const cited = DOCS.flatMap((doc) => citedPaths(read(doc)).map((path) => ({ doc, ...path })));
    // Decision records are held to this too: one that tells of a file since removed says so in words, not with its old path.
    // Guards the extraction itself: the docs cite hundreds of paths, so a pattern that finds few is broken.
    expect(cited.length).toBeGreaterThan(300);
    expect(cited.filter((path) => !path.found).map(({ doc, cited: path }) => `${doc}: ${path}`)).toEqual([]);
  });

  it('link only to pages that exist', () => {
    const broken = DOCS.flatMap((doc) => {
      const folder = doc.slice(0, doc.lastIndexOf('/'));
      return [...prose(read(doc)).matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
        .map((match) => match[1]!)
        .filter((target) => !/^[a-z]+:/.test(target) && !existsSync(join(root, folder, target)))
        .map((target) => `${doc}: ${target}`);
    });
    expect(broken).toEqual([]);
  });

  it('are cited from the code by sections that exist', () => {
    // Code cites a page's numbered section as `product.md §7` (also `§2/§5`, `§1, §9`, `§7 PATCH …`): the number must be a
    // `## 7. …` heading of that page. A section may also be cited by its title (`product.md §Languages`). Only the citations
    // that follow the page's name on its line are read: a bare `§8` elsewhere may mean the client's specification.
    const pages = new Map(markdownIn('docs').map((doc) => [doc.slice('docs/'.length), sectionsOf(read(doc))]));
    const citations: string[] = [];
    const wrong: string[] = [];
    for (const file of codeFiles()) {
      read(file)
        .split('\n')
        .forEach((line, index) => {
          const named = [...line.matchAll(/\b([\w-]+\.md)\b/g)];
          named.forEach((match, at) => {
            const sections = pages.get(match[1]!);
            if (!sections) return;
            const cites = line.slice(match.index, named[at + 1]?.index ?? line.length);
            for (const [, number, title] of cites.matchAll(/§ ?(?:(\d+)|([A-Za-z][\w -]*))/g)) {
              const where = `${file}:${index + 1}: ${match[1]} §${number ?? title}`;
              citations.push(where);
              const cited = (title ?? '').trim().toLowerCase();
              const exists = number
                ? sections.has(number)
                : cited.length >= 4 && [...sections.values()].some((heading) => heading.startsWith(cited) || cited.startsWith(heading));
              if (!exists) wrong.push(where);
            }
          });
        });
    }
    expect(citations.length).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });
});
