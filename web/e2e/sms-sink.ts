// A real HTTP SMS gateway for the specs that send SMS: shared/testkit/sms_sink.py (Python's own
// HTTP server, as the Rust tests run it) on a free loopback port, appending each request it
// takes as a JSON line to a file the spec reads back. Give the portal `url` as PORTAL_SMS_URL.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './portal-server';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** One request the gateway took, as sms_sink.py writes it. */
export interface SmsRequest {
  method: string;
  path: string;
  json?: { to: string; text: string; template_id: string; entity_id: string; sender: string } | null;
}

export interface SmsSink {
  /** http://127.0.0.1:PORT/send */
  url: string;
  /** The requests taken so far, oldest first. */
  received: () => SmsRequest[];
  /** The texts of the messages taken so far, oldest first. */
  texts: () => string[];
  stop: () => Promise<void>;
}

/**
 * The project's virtualenv Python (`make venv`): this checkout's, else that of the checkout
 * this worktree belongs to; else the system's, as the sink needs only the standard library.
 */
function python(): string {
  const candidates = [join(repoRoot, '.venv', 'bin', 'python')];
  try {
    const common = execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    candidates.push(join(dirname(common), '.venv', 'bin', 'python'));
  } catch {
    // not a git checkout
  }
  return candidates.find((path) => existsSync(path)) ?? 'python3';
}

function accepts(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => answer(false));
  });
}

export async function startSmsSink(): Promise<SmsSink> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'sms-sink-'));
  const log = join(dir, 'received.jsonl');
  const bin = python();
  const child = spawn(bin, [join(repoRoot, 'shared', 'testkit', 'sms_sink.py'), String(port), log], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The SMS sink (${bin}) did not listen on port ${port}: ${errors || `exit code ${child.exitCode}`}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const received = (): SmsRequest[] => {
    if (!existsSync(log)) return [];
    // A line still being written is read on the next call.
    return readFileSync(log, 'utf8')
      .split('\n')
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as SmsRequest];
        } catch {
          return [];
        }
      });
  };
  return {
    url: `http://127.0.0.1:${port}/send`,
    received,
    texts: () => received().map((request) => request.json?.text ?? ''),
    stop,
  };
}
