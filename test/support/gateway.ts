/**
 * Real gateway processes for the tests: each starts `enhanced-rpc serve` on a free loopback port
 * with its own key database, and is talked to over HTTP like any client would. Tests that need
 * no process of its own (no CLI, signal, exit code or log under test) start one in their own
 * process instead, with ./in-process-gateway.ts.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { projectRoot } from '../../src/paths.js';
import type { Plan } from '../../src/auth/plans.js';

export const cli = join(projectRoot, 'dist', 'src', 'cli.js');

export function runCli(args: string[]): string {
  return execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
}

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The CLI for a command that talks to a gateway running in this process: waiting for it
 * synchronously would stop the event loop that gateway answers on, and neither would ever finish.
 */
export function runCliAsync(args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'enhanced-rpc-test-'));
}

/** A temporary folder removed, with what it holds, when the test `t` ends. */
export function tempDirOf(t: { after(fn: () => void): void }): string {
  const dir = tempDir();
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Creates a key with the CLI, which prints it alone on its last line. */
export function createKey(db: string, plan = 'business'): string {
  const lines = runCli(['keys', 'create', '--plan', plan, '--db', db]).trim().split('\n');
  return lines[lines.length - 1];
}

/** A gateway as the tests talk to it, whether it runs in a process of its own or in theirs. */
export interface TestGateway {
  url: string;
  port: number;
  /** A key of the plan the gateway was started with. */
  key: string;
  /** The SQLite key database's path, given even when the keys are in PostgreSQL. */
  db: string;
  /** Safe to call more than once. */
  stop(): Promise<void>;
}

export interface RunningGateway extends TestGateway {
  process: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
}

/** A plan no test or benchmark will hit the limits of, unless it sets out to. */
export const unlimited: Plan = { name: 'unlimited', requestsPerSecond: 1e9, burst: 1e9, monthlyQuota: null, enhancedParsing: true };

/** `unlimited` saved by the CLI, less the key store's flags. */
export const unlimitedPlan = [
  'plans',
  'set',
  unlimited.name,
  '--rps',
  String(unlimited.requestsPerSecond),
  '--burst',
  String(unlimited.burst),
  '--quota',
  'unlimited',
  '--enhanced',
  String(unlimited.enhancedParsing),
];

/**
 * `enhanced-rpc serve` with exactly `args` and the environment `env`; resolves once it prints its
 * listening line, rejects with everything it printed if it exits before.
 */
export async function spawnServe(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  build = cli,
): Promise<{ port: number; process: ChildProcess; output(): string }> {
  const child = spawn(process.execPath, [build, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`gateway exited with ${code} before listening:\n${output}`)));
  });
  return { port, process: child, output: () => output };
}

/** Stops a gateway with SIGTERM, as an operator would, and waits until it has exited. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** `shared` starts another instance on the key database (and key) of one already running. */
export async function startGateway(
  args: string[] = [],
  plan = 'unlimited',
  shared?: Pick<TestGateway, 'db' | 'key'>,
): Promise<RunningGateway> {
  const db = shared?.db ?? join(tempDir(), 'keys.sqlite');
  if (!shared && plan === 'unlimited') runCli([...unlimitedPlan, '--db', db]);
  const key = shared?.key ?? createKey(db, plan);
  // Each gateway keeps its on-chain IDLs apart, so no test sees what another one fetched.
  const idlCache = args.includes('--onchain-idl-cache') ? [] : ['--onchain-idl-cache', join(tempDir(), 'onchain-idls.sqlite')];
  const { port, process: child, output } = await spawnServe(['--port', '0', '--db', db, ...idlCache, ...args]);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    key,
    db,
    process: child,
    output,
    stop: () => stopProcess(child),
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

export async function post(url: string, body: string | object, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

export const rpc = (method: string, params: unknown[] = [], id: unknown = 1) => ({ jsonrpc: '2.0', id, method, params });

/** The text of a 200 answer from `gw` for `body`, with `flags` as the query string. */
export async function answerText(gw: TestGateway, body: object, flags = ''): Promise<string> {
  const answer = await post(`${gw.url}/${gw.key}${flags}`, body);
  if (answer.status !== 200) throw new Error(`HTTP ${answer.status}: ${answer.text}`);
  return answer.text;
}
