import { createCanvas } from '@napi-rs/canvas';
import CFB from 'cfb';
import PDFDocument from 'pdfkit';

/** Text drawn on a white page as a camera or a scanner would hand it over: a picture, no text layer. */
export function textImage(lines: string[], format: 'png' | 'jpeg' = 'png', options: { width?: number; fontPx?: number; skew?: number } = {}): Buffer {
  const fontPx = options.fontPx ?? 30;
  const width = options.width ?? 1400;
  const height = Math.max(300, 120 + lines.length * fontPx * 1.9);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fdfdfb';
  context.fillRect(0, 0, width, height);
  if (options.skew) context.rotate(options.skew);
  context.fillStyle = '#111';
  context.font = `${fontPx}px DejaVu Sans, sans-serif`;
  lines.forEach((line, index) => context.fillText(line, 60, 90 + index * fontPx * 1.9));
  return format === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', 85);
}

/** A PDF whose pages are only pictures of text (a scan), or real text where a page is given as words. */
export function scannedPdf(pages: Array<{ scan: string[] } | { text: string[] }>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, info: { Title: 'Scanned document' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const page of pages) {
      doc.addPage({ size: 'A4' });
      if ('scan' in page) doc.image(textImage(page.scan, 'jpeg', { width: 1654, fontPx: 34 }), 0, 0, { width: 595 });
      else for (const paragraph of page.text) doc.font('Helvetica').fontSize(12).text(paragraph).moveDown(0.8);
    }
    doc.end();
  });
}

const TEXT_AT = 0x800;

/**
 * A Word 97–2003 document as Word lays it out, reduced to what a reader needs: an OLE compound file
 * with the main stream (its FIB, then the text in UTF-16) and the table stream holding the piece
 * table that maps the text. `encrypted` sets the FIB's password flag.
 */
export function makeDoc(paragraphs: string[], options: { encrypted?: boolean } = {}): Buffer {
  const text = `${paragraphs.join('\r')}\r`;
  const textBytes = Buffer.from(text, 'utf16le');
  const main = Buffer.alloc(TEXT_AT + textBytes.length);
  main.writeUInt16LE(0xa5ec, 0); // wIdent: Word
  main.writeUInt16LE(0x00c1, 2); // nFib: Word 97
  main.writeUInt16LE(0x0200 | (options.encrypted ? 0x0100 : 0), 0x0a); // fWhichTblStm (1Table), fEncrypted
  main.writeUInt32LE(TEXT_AT, 0x18); // fcMin
  main.writeUInt32LE(TEXT_AT + textBytes.length, 0x1c); // fcMac
  main.writeUInt32LE(text.length, 0x4c); // ccpText
  main.writeUInt32LE(0, 0x1a2); // fcClx
  main.writeUInt32LE(21, 0x1a6); // lcbClx
  textBytes.copy(main, TEXT_AT);
  const table = Buffer.alloc(21);
  table.writeUInt8(2, 0); // Pcdt
  table.writeUInt32LE(16, 1);
  table.writeUInt32LE(0, 5); // CP 0
  table.writeUInt32LE(text.length, 9); // CP end
  table.writeUInt16LE(0, 13);
  table.writeUInt32LE(TEXT_AT, 15); // fc of UTF-16 text (bit 30 clear)
  table.writeUInt16LE(0, 19);
  const file = CFB.utils.cfb_new();
  CFB.utils.cfb_add(file, '/WordDocument', main);
  CFB.utils.cfb_add(file, '/1Table', table);
  return Buffer.from(CFB.write(file, { type: 'buffer' }) as Uint8Array);
}
