#!/usr/bin/env node
// Prints the gzip size of the JavaScript the login page loads: index.html's
// entry script plus every chunk it imports statically (lazy routes excluded),
// and fails above the budget. Builds first when dist/ is missing or with --build.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

if (process.argv.includes('--build') || !existsSync(join(dist, 'index.html'))) {
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build with manifest: true (see vite.config.ts).`);
  process.exit(2);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (!entryKey) {
  console.error('The manifest has no index.html entry.');
  process.exit(2);
}

// The entry script index.html really references must be the manifest's entry.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entryFile = manifest[entryKey].file;
if (!html.includes(`/${entryFile}`)) {
  console.error(`index.html does not load ${entryFile}; the manifest is stale.`);
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

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let total = 0;
for (const file of files) {
  const source = readFileSync(join(dist, file));
  const gz = gzipSync(source, { level: 9 }).length;
  total += gz;
  console.log(`  ${file.padEnd(44)} ${kb(source.length).padStart(10)} raw ${kb(gz).padStart(9)} gzip`);
}
console.log(`Login page JS: ${kb(total)} gzip in ${files.size} file(s); budget ${kb(BUDGET_BYTES)}.`);
if (total > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(total - BUDGET_BYTES)}.`);
  process.exit(1);
}
