/** A run of a passage's text: prose lines, or a fenced code block with its fences. */
export interface TextBlock {
  code: boolean;
  text: string;
}

/** A code fence's line: three or more backticks, alone. */
const FENCE_LINE = /^(`{3,})$/;

/**
 * A passage's text as runs of prose and fenced code blocks, in order. Code is kept exactly as
 * written; a fence left open runs to the end, as Markdown reads it, and is closed so it stays code.
 */
export function fencedBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let prose: string[] = [];
  let code: string[] = [];
  let fence = '';
  const flushProse = () => {
    if (prose.length > 0) blocks.push({ code: false, text: prose.join('\n') });
    prose = [];
  };
  for (const line of text.split('\n')) {
    if (fence) {
      code.push(line);
      if (line.trim() === fence) {
        blocks.push({ code: true, text: code.join('\n') });
        fence = '';
      }
      continue;
    }
    const opening = FENCE_LINE.exec(line.trim())?.[1];
    if (!opening) {
      prose.push(line);
      continue;
    }
    flushProse();
    fence = opening;
    code = [line];
  }
  flushProse();
  if (fence) blocks.push({ code: true, text: [...code, fence].join('\n') });
  return blocks;
}
