// Starts the real portal binary on a free port with a fresh data directory,
// serving the built SPA, and waits for GET /api/health; stop() ends it and
// removes its data. Used by the fixtures (each worker's portal) and by specs
// that need a portal of their own settings.
//   PORTAL_BIN  path of the binary (default ../target/debug/portal, from web/)
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN } from './admin';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(webDir, 'dist');
const artifacts = join(webDir, 'e2e-artifacts');

export interface PortalServer {
  /** http://127.0.0.1:PORT */
  baseURL: string;
  /** Ends the portal (SIGTERM, then SIGKILL after 5 s) and removes its data directory. */
  stop: () => Promise<void>;
}

export interface PortalOptions {
  /** More environment for `portal serve` (e.g. PORTAL_SESSION_IDLE_MINUTES). */
  env?: Record<string, string>;
  /** The server log's name under e2e-artifacts/. */
  logName?: string;
}

/** A loopback port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(baseURL: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The portal exited with code ${child.exitCode} before it was healthy; see ${logFile}`);
    }
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The portal did not answer ${baseURL}/api/health within 60 s; see ${logFile}`);
}

/** The portal binary, checked, and the SPA, built if missing. */
function prerequisites(): string {
  const bin = resolve(webDir, process.env.PORTAL_BIN ?? '../target/debug/portal');
  if (!existsSync(bin)) {
    throw new Error(`No portal binary at ${bin}. Build it (cargo build -p portal) or set PORTAL_BIN.`);
  }
  if (!existsSync(join(distDir, 'index.html'))) {
    execSync('npm run build', { cwd: webDir, stdio: 'inherit' });
  }
  return bin;
}

export async function startPortal({ env = {}, logName = 'portal-server.log' }: PortalOptions = {}): Promise<PortalServer> {
  const bin = prerequisites();
  mkdirSync(artifacts, { recursive: true });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const logFile = join(artifacts, logName);
  const log = openSync(logFile, 'w');
  const child = spawn(
    bin,
    ['serve', '--port', String(port), '--data-dir', dataDir, '--web-dir', distDir],
    {
      env: {
        ...process.env,
        PORTAL_ADMIN_EMAIL: ADMIN.email,
        PORTAL_ADMIN_PASSWORD: ADMIN.password,
        PORTAL_ADMIN_NAME: ADMIN.name,
        // The e2e admin signs in with a password only: on the first start the Admin role
        // is created without the two-factor requirement (e2e/two-factor.spec.ts has its own role).
        PORTAL_ADMIN_TWO_FACTOR: 'optional',
        ...env,
      },
      stdio: ['ignore', log, log],
    },
  );
  // The child has its own copy of the log's descriptor.
  closeSync(log);

  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}
