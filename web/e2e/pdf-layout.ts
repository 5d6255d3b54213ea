// What a PDF shows where, read with poppler's own tools (pdftotext and pdftoppm, installed
// by `make test`): the words of its first page (or of every page) with their boxes, from the text layer, and
// whether the page as drawn has ink inside a box. Together they say that a value is printed
// whole, on one line, where the text layer puts it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { unescapeXml } from './xml-text';

/** A word of the text layer, its box in points from the page's top left. */
export interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The words of the first page, as pdftotext reads them. */
export function pdfWords(file: string): Word[] {
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
  const words: Word[] = [];
  for (const m of html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
    const text = unescapeXml(m[5]);
    words.push({ text, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]) });
  }
  return words;
}

/** Every page's width (in points) and words, as pdftotext reads them. */
export function pageWords(file: string): { width: number; height: number; words: Word[] }[] {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  return [...html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)].map((page) => ({
    width: Number(page[1]),
    height: Number(page[2]),
    words: [...page[3].matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      text: unescapeXml(m[5]),
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
    })),
  }));
}

/** Pairs of words that share a line and overprint each other (by more than a hair). */
export function overprinted(words: readonly Word[]): [string, string][] {
  const hair = 0.5;
  const pairs: [string, string][] = [];
  words.forEach((a, i) => {
    for (const b of words.slice(i + 1)) {
      const sameLine = a.yMin < b.yMax - hair && b.yMin < a.yMax - hair;
      const crossing = a.xMin < b.xMax - hair && b.xMin < a.xMax - hair;
      if (sameLine && crossing) pairs.push([a.text, b.text]);
    }
  });
  return pairs;
}

/** The first page drawn at 72 dpi (a pixel a point), in grey: width, height and pixels. */
export function drawnPage(file: string, out: string): { width: number; height: number; pixels: Buffer } {
  execFileSync('pdftoppm', ['-r', '72', '-gray', '-f', '1', '-l', '1', '-singlefile', file, out]);
  const pgm = readFileSync(`${out}.pgm`);
  // "P5 <width> <height> <max>" then one byte a pixel.
  const header = pgm.toString('latin1', 0, 64).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
  if (!header) throw new Error('pdftoppm did not write a binary greymap');
  return { width: Number(header[1]), height: Number(header[2]), pixels: pgm.subarray(header[0].length) };
}

/** Whether the drawn page has ink (a dark pixel) within the box's x range [from, to] of its width. */
export function inked(page: ReturnType<typeof drawnPage>, box: Word, from: number, to: number): boolean {
  const x0 = Math.floor(box.xMin + (box.xMax - box.xMin) * from);
  const x1 = Math.ceil(box.xMin + (box.xMax - box.xMin) * to);
  for (let y = Math.floor(box.yMin); y <= Math.ceil(box.yMax) && y < page.height; y += 1) {
    for (let x = x0; x <= x1 && x < page.width; x += 1) {
      if (page.pixels[y * page.width + x] < 128) return true;
    }
  }
  return false;
}
