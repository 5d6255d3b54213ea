// The text of an Excel workbook as a reader sees it: the strings of its sheets. An .xlsx is
// a zip of XML parts; this reads the zip's central directory and inflates the parts that
// hold cell text (shared strings and the sheets' inline strings), so a test can say what a
// downloaded workbook shows without a spreadsheet library.
import { inflateRawSync } from 'node:zlib';
import { unescapeXml } from './xml-text';

/** Every entry of a zip archive, by name, uncompressed. */
function zipEntries(zip: Buffer): Map<string, Buffer> {
  // The end-of-central-directory record: the last 22+ bytes, found by its signature.
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a zip archive');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + size);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The cell texts of a workbook, in the order its parts hold them. */
export function workbookTexts(xlsx: Buffer): string[] {
  const texts: string[] = [];
  for (const [name, data] of zipEntries(xlsx)) {
    if (name !== 'xl/sharedStrings.xml' && !name.startsWith('xl/worksheets/')) continue;
    for (const match of data.toString('utf8').matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)) {
      texts.push(unescapeXml(match[1]));
    }
  }
  return texts;
}
