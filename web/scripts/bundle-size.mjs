#!/usr/bin/env node
// Prints the size of the JavaScript each page loads first, its entry script plus every chunk
// it imports statically (lazy routes excluded), and fails above the page's budget:
// - the login page (index.html): 200 KB gzip;
// - the citizen's status page (status.html): 60 KB raw, as a phone on a slow line has to
//   parse all of it, whatever came over the wire.
// Builds first when dist/ is missing or with --build.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const PAGES = [
  { html: 'index.html', name: 'Login page', budget: 200 * 1024, measure: 'gzip' },
  { html: 'status.html', name: 'Status page', budget: 60 * 1024, measure: 'raw' },
];
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

if (process.argv.includes('--build') || PAGES.some((page) => !existsSync(join(dist, page.html)))) {
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build with manifest: true (see vite.config.ts).`);
  process.exit(2);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let failed = false;

for (const page of PAGES) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && (key === page.html || key.endsWith(`/${page.html}`)));
  if (!entryKey) {
    console.error(`The manifest has no ${page.html} entry.`);
    process.exit(2);
  }

  // The entry script the page really references must be the manifest's entry.
  const html = readFileSync(join(dist, page.html), 'utf8');
  const entryFile = manifest[entryKey].file;
  if (!html.includes(`/${entryFile}`)) {
    console.error(`${page.html} does not load ${entryFile}; the manifest is stale.`);
    process.exit(2);
  }

  // Walk static imports only.
  const files = new Set();
  const walk = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  walk(entryKey);

  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const source = readFileSync(join(dist, file));
    const gz = gzipSync(source, { level: 9 }).length;
    raw += source.length;
    gzip += gz;
    console.log(`  ${file.padEnd(44)} ${kb(source.length).padStart(10)} raw ${kb(gz).padStart(9)} gzip`);
  }
  const total = page.measure === 'raw' ? raw : gzip;
  console.log(
    `${page.name} JS: ${kb(raw)} raw, ${kb(gzip)} gzip in ${files.size} file(s); budget ${kb(page.budget)} ${page.measure}.`,
  );
  if (total > page.budget) {
    console.error(`${page.name} is over budget by ${kb(total - page.budget)} ${page.measure}.`);
    failed = true;
  }
}
if (failed) process.exit(1);
