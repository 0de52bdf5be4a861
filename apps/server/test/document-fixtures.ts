import { deflateSync } from 'node:zlib';
import JSZip from 'jszip';
import PDFDocument from 'pdfkit';

export interface PdfPage {
  heading?: string;
  /** Paragraphs of text, and code set line by line in a typewriter face, indented as a manual sets a listing. */
  paragraphs?: Array<string | { code: string[] } | { table: string[][] }>;
  /** A full-page picture and no text, as a scanner makes. */
  image?: boolean;
}

/** A real PDF made with pdfkit: headings set larger than body text, one page per entry. */
export function makePdf(pages: PdfPage[], options: { userPassword?: string; title?: string } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      autoFirstPage: false,
      info: { Title: options.title ?? 'Test document' },
      ...(options.userPassword ? { userPassword: options.userPassword, ownerPassword: `${options.userPassword}-owner` } : {}),
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const page of pages) {
      doc.addPage();
      if (page.image) doc.image(grayPng(200, 260), 50, 50, { width: 500 });
      if (page.heading) doc.font('Helvetica-Bold').fontSize(20).text(page.heading).moveDown(0.5);
      for (const paragraph of page.paragraphs ?? []) {
        if (typeof paragraph === 'string') doc.font('Helvetica').fontSize(11).text(paragraph, 72).moveDown(0.8);
        else if ('table' in paragraph) {
          // Each cell placed at its column, as a word processor sets a table: positioned text, no lines of its own.
          doc.font('Helvetica').fontSize(11);
          for (const row of paragraph.table) {
            const y = doc.y;
            row.forEach((cell, column) => cell && doc.text(cell, 72 + column * 150, y, { lineBreak: false }));
            doc.text('', 72, y + 16);
          }
          doc.moveDown(0.8);
        } else {
          doc.font('Courier').fontSize(10);
          for (const line of paragraph.code) doc.text(line.trimStart() || ' ', 90 + (line.length - line.trimStart().length) * 6);
          doc.moveDown(0.8);
        }
      }
    }
    doc.end();
  });
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A grey picture with a darker band, as a PNG: what a scanned page is to a PDF reader. */
export function grayPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) rows[y * (width + 1) + 1 + x] = y % 20 < 4 ? 60 : 220;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const xmlEscape = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export type DocxBlock = { heading: string } | { paragraph: string } | { table: string[][] } | { code: string[] };

/** A minimal but valid Word document (the parts Word itself requires), with Heading1 styles, tables and code in pandoc's SourceCode style. */
export async function makeDocx(blocks: DocxBlock[]): Promise<Buffer> {
  const body = blocks
    .map((block) => {
      if ('heading' in block) return `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${xmlEscape(block.heading)}</w:t></w:r></w:p>`;
      if ('paragraph' in block) return `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(block.paragraph)}</w:t></w:r></w:p>`;
      if ('code' in block)
        return block.code
          .map((line) => `<w:p><w:pPr><w:pStyle w:val="SourceCode"/></w:pPr><w:r><w:t xml:space="preserve">${xmlEscape(line)}</w:t></w:r></w:p>`)
          .join('');
      const rows = block.table.map((row) => `<w:tr>${row.map((cell) => `<w:tc><w:p><w:r><w:t>${xmlEscape(cell)}</w:t></w:r></w:p></w:tc>`).join('')}</w:tr>`);
      return `<w:tbl>${rows.join('')}</w:tbl>`;
    })
    .join('');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** A multipart/form-data body exactly as a browser sends it, fields first and then the file. */
export async function multipartBody(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }, fileFirst = false) {
  const form = new FormData();
  const addFile = () => file && form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  if (fileFirst) addFile();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (!fileFirst) addFile();
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type') ?? '' } };
}

/** A shop's two-section policy in Markdown: a fact per section, for tests that need a document with citable passages. */
export const VELOCITA_POLICY = Buffer.from(
  [
    '# Velocita customer policy',
    '',
    '## Returns',
    'Bicycles can be returned within 30 days of purchase with the receipt.',
    '',
    '## Warranty',
    'Every frame carries a lifetime warranty against manufacturing defects.',
  ].join('\n'),
);
