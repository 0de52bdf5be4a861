import { constants, crc32, deflateRawSync } from 'node:zlib';
import { Zip, ZipDeflate, strToU8, type ZipInputFile } from 'fflate';

const MEGABYTE = 1024 * 1024;
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELATIONSHIPS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const OPEN = '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
const CLOSE = '</w:body></w:document>';
const PARAGRAPH = '<w:p><w:r><w:t>bomb</w:t></w:r></w:p>';

/**
 * A Word document whose `word/document.xml` unpacks to `megabytes` MB of paragraphs from a few
 * hundred KB. One megabyte is compressed once, ending in a full flush (byte-aligned, no reference
 * to earlier output), and its copies follow each other: building 500 MB takes milliseconds.
 */
function docxBomb(megabytes: number): Buffer {
  const block = Buffer.from(PARAGRAPH.repeat(Math.floor(MEGABYTE / PARAGRAPH.length)));
  const flushed = (text: string | Buffer) => deflateRawSync(text, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const compressedBlock = flushed(block);
  const deflated = Buffer.concat([flushed(OPEN), ...Array.from({ length: megabytes }, () => compressedBlock), deflateRawSync(CLOSE)]);
  let crc = crc32(OPEN);
  for (let i = 0; i < megabytes; i += 1) crc = crc32(block, crc);
  crc = crc32(CLOSE, crc);

  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  for (const [name, text] of [
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', RELATIONSHIPS],
  ] as const) {
    const part = new ZipDeflate(name, { level: 9 });
    zip.add(part);
    part.push(strToU8(text), true);
  }
  const document: ZipInputFile = { filename: 'word/document.xml', size: OPEN.length + block.length * megabytes + CLOSE.length, crc, compression: 8 };
  zip.add(document);
  document.ondata!(null, deflated, true);
  zip.end();
  return Buffer.concat(parts);
}

/** A PDF of the given object bodies (object 1 is the catalog), with a correct cross-reference table. */
function pdfOf(objects: string[]): Buffer {
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const stream = (content: string) => `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const onePage = (pages: string, content: string, extra: string[] = []) =>
  pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    pages,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream(content),
    FONT,
    ...extra,
  ]);
const SAY_HELLO = 'BT /F1 12 Tf 72 720 Td (Hello from a hostile file) Tj ET';

export interface MultipartPart {
  name: string;
  value?: string;
  /** Written into the part's header byte for byte, as a hostile client would, not escaped as browsers do. */
  filename?: string;
  bytes?: Buffer;
  type?: string;
}

/** A multipart/form-data body assembled by hand, in the order given. */
function rawMultipart(parts: MultipartPart[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = '----hostile-boundary-7f3a9c';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.filename === undefined ? '' : `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'utf8'),
      part.bytes ?? Buffer.from(part.value ?? '', 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Files and forms built to attack the upload and the readers behind it. */
export const hostileFiles = {
  docxBomb,
  /** Claims two billion pages while holding one. */
  pdfWithHugePageCount: () => onePage('<< /Type /Pages /Kids [3 0 R] /Count 2147483647 >>', SAY_HELLO),
  /** An unused object of arrays nested `depth` deep, beside a readable page. */
  pdfWithNestedArrays: (depth: number) => onePage('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', SAY_HELLO, [`${'['.repeat(depth)}${']'.repeat(depth)}`]),
  /** The page's own content opens with arrays nested `depth` deep. */
  pdfWithNestedContent: (depth: number) => onePage('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', `${'['.repeat(depth)}${']'.repeat(depth)} ${SAY_HELLO}`),
  /** The catalog holds dictionaries nested `depth` deep. */
  pdfWithNestedDictionaries: (depth: number) =>
    pdfOf([
      `<< /Type /Catalog /Pages 2 0 R /X ${'<< /A '.repeat(depth)}1${' >>'.repeat(depth)} >>`,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      stream(SAY_HELLO),
      FONT,
    ]),
  rawMultipart,
};
