#!/usr/bin/env node
// Fails when src/api/schema.d.ts is not what openapi.json generates (stale types).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const committed = join(root, 'src', 'api', 'schema.d.ts');
const dir = mkdtempSync(join(tmpdir(), 'check-api-'));
const fresh = join(dir, 'schema.d.ts');
const bin = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'openapi-typescript.cmd' : 'openapi-typescript');

try {
  execFileSync(bin, [join(root, 'openapi.json'), '-o', fresh], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  let current = '';
  try {
    current = readFileSync(committed, 'utf8');
  } catch {
    // missing counts as stale
  }
  if (current !== readFileSync(fresh, 'utf8')) {
    console.error('src/api/schema.d.ts is stale: run `npm run gen:api` and commit the result.');
    process.exit(1);
  }
  console.log('src/api/schema.d.ts matches openapi.json.');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
