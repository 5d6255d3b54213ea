// Text as an XML part writes it (a workbook's cells, pdftotext's word boxes), read back.
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** `text` with XML's five named entities read back ('&amp;' is '&'). */
export function unescapeXml(text: string): string {
  return text.replace(/&(\w+);/g, (all, entity: string) => ENTITIES[entity] ?? all);
}
