#!/usr/bin/env node
// Lighthouse performance of the login page and of the grievance list, in
// Debian's Chromium (headless), with Lighthouse's desktop preset: the portal is
// used at a station desk. The list needs a session: one Chromium is started
// with a debugging port, signed in through the real login form (Playwright over
// CDP), and Lighthouse audits the list in that same browser without clearing
// its storage.
//
//   node scripts/lighthouse.mjs <base url> <email> <password> <report dir>
//
// Prints one line per page, "lighthouse <page> <score> LCP <ms> TBT <ms> CLS <n>",
// and writes each full JSON report to <report dir>.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const [base, email, password, reportDir] = process.argv.slice(2);
if (!reportDir) {
  console.error('usage: lighthouse.mjs <base url> <email> <password> <report dir>');
  process.exit(2);
}
mkdirSync(reportDir, { recursive: true });

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

async function waitForDevtools(port) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('Chromium did not open its debugging port');
}

function audit(port, name, url) {
  const out = resolve(reportDir, `lighthouse-${name}.json`);
  const args = ['--yes', LIGHTHOUSE, url, `--port=${port}`, '--preset=desktop', '--only-categories=performance',
    '--disable-storage-reset', '--output=json', `--output-path=${out}`, '--quiet'];
  // Headless Chromium now and then loses a load's trace (Lighthouse's NO_NAVSTART): run again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      execFileSync('npx', args, { stdio: ['ignore', 'ignore', 'inherit'] });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const metric = (id) => report.audits[id].numericValue;
  const score = report.categories.performance.score;
  console.log(
    `lighthouse ${name} ${score.toFixed(2)} LCP ${Math.round(metric('largest-contentful-paint'))} ms` +
      ` TBT ${Math.round(metric('total-blocking-time'))} ms CLS ${metric('cumulative-layout-shift').toFixed(3)}`,
  );
  return score;
}

const port = await freePort();
const profile = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
const browser = spawn(
  CHROMIUM,
  ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
  { stdio: 'ignore' },
);
let failed = false;
try {
  await waitForDevtools(port);
  const scores = [audit(port, 'login', `${base}/login`)];
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await cdp.contexts()[0].newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.close();
  await cdp.close();
  scores.push(audit(port, 'list', `${base}/grievances`));
  failed = scores.some((score) => score < 0.95);
} finally {
  const exited = new Promise((done) => browser.once('exit', done));
  browser.kill();
  await exited;
  rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
}
process.exit(failed ? 1 : 0);
