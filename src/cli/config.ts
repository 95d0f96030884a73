/**
 * Where `serve` takes its settings from, first match wins: the command line, an ENHANCED_RPC_*
 * environment variable, the JSON config file (`--config FILE` or ENHANCED_RPC_CONFIG), the default.
 * Kept free of I/O so every rule can be tested without starting a process. Anything it cannot use
 * — an unknown key or variable, a value of the wrong type — is an error, never skipped, so a typo
 * in a deployment stops the start instead of quietly running on a default.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { ParseArgsConfig } from 'node:util';
import {
  defaultKeyDbFile,
  defaultLedgerFile,
  defaultOnchainIdl,
  defaultOnchainIdlCacheFile,
  defaultPubSub,
  defaultWorkers,
  type GatewayOptions,
} from '../gateway.js';
import { logLevels } from '../observe/log.js';
import { defaultDispatchLimits } from '../rpc/dispatch.js';
import { defaultConnectionsPerUpstream } from '../upstream/upstream-pool.js';

/** What createGateway gets: everything that has a default is filled in. */
export type ServeOptions = Required<
  Pick<
    GatewayOptions,
    | 'host'
    | 'port'
    | 'upstreams'
    | 'ledgerFile'
    | 'keyDbFile'
    | 'upstreamTimeoutMs'
    | 'upstreamConnections'
    | 'workers'
    | 'responseCacheMiB'
    | 'ledgerCache'
    | 'logLevel'
    | 'onchainIdlTtlMs'
    | 'onchainIdlAbsentTtlMs'
    | 'onchainIdlWaitMs'
    | 'onchainIdlCacheFile'
    | 'onchainIdlMaxPrograms'
    | 'onchainIdlMaxMiB'
  >
> &
  Pick<GatewayOptions, 'redisUrl' | 'postgresUrl' | 'onchainIdl' | 'wsPort'> &
  Required<Pick<GatewayOptions, 'upstreamWs' | 'wsMaxConnections' | 'wsMaxBufferedMiB' | 'wsUpstreamGraceMs'>> & {
    /** Processes sharing the ports, each with its share of `workers` (src/cli/acceptors.ts). */
    acceptors: number;
  };

type Kind = 'text' | 'list' | 'port' | 'count' | 'milliseconds' | 'level' | 'switch';

interface Setting {
  /** The flag's long name, the config file's key, and (upper case, `_` for `-`) the variable's name. */
  name: string;
  option: keyof ServeOptions;
  kind: Kind;
  fallback?: string | number | string[] | boolean;
}

export const settings: Setting[] = [
  { name: 'host', option: 'host', kind: 'text', fallback: '127.0.0.1' },
  { name: 'port', option: 'port', kind: 'port', fallback: 8899 },
  { name: 'upstream', option: 'upstreams', kind: 'list', fallback: [] },
  { name: 'upstream-timeout', option: 'upstreamTimeoutMs', kind: 'milliseconds', fallback: 10_000 },
  { name: 'upstream-connections', option: 'upstreamConnections', kind: 'count', fallback: defaultConnectionsPerUpstream },
  { name: 'ledger', option: 'ledgerFile', kind: 'text', fallback: defaultLedgerFile },
  { name: 'ledger-cache', option: 'ledgerCache', kind: 'switch', fallback: false },
  { name: 'db', option: 'keyDbFile', kind: 'text', fallback: defaultKeyDbFile },
  { name: 'workers', option: 'workers', kind: 'count', fallback: defaultWorkers },
  { name: 'acceptors', option: 'acceptors', kind: 'count', fallback: 1 },
  { name: 'response-cache', option: 'responseCacheMiB', kind: 'count', fallback: defaultDispatchLimits.responseCacheBytes / 2 ** 20 },
  { name: 'redis', option: 'redisUrl', kind: 'text' },
  { name: 'postgres', option: 'postgresUrl', kind: 'text' },
  { name: 'log-level', option: 'logLevel', kind: 'level', fallback: 'info' },
  // No fallback: on with upstreams, off without (the gateway decides, since it depends on `upstream`).
  { name: 'onchain-idl', option: 'onchainIdl', kind: 'switch' },
  { name: 'onchain-idl-ttl', option: 'onchainIdlTtlMs', kind: 'milliseconds', fallback: defaultOnchainIdl.ttlMs },
  { name: 'onchain-idl-absent-ttl', option: 'onchainIdlAbsentTtlMs', kind: 'milliseconds', fallback: defaultOnchainIdl.absentTtlMs },
  { name: 'onchain-idl-wait-ms', option: 'onchainIdlWaitMs', kind: 'count', fallback: defaultOnchainIdl.waitMs },
  { name: 'onchain-idl-cache', option: 'onchainIdlCacheFile', kind: 'text', fallback: defaultOnchainIdlCacheFile },
  { name: 'onchain-idl-max-programs', option: 'onchainIdlMaxPrograms', kind: 'count', fallback: defaultOnchainIdl.maxPrograms },
  { name: 'onchain-idl-max-mib', option: 'onchainIdlMaxMiB', kind: 'count', fallback: defaultOnchainIdl.maxMiB },
  // No fallback: port + 1, as the standard node (the gateway derives it from `port`).
  { name: 'ws-port', option: 'wsPort', kind: 'port' },
  { name: 'upstream-ws', option: 'upstreamWs', kind: 'list', fallback: [] },
  { name: 'ws-max-connections', option: 'wsMaxConnections', kind: 'count', fallback: defaultPubSub.maxConnections },
  { name: 'ws-max-buffered-mib', option: 'wsMaxBufferedMiB', kind: 'count', fallback: defaultPubSub.maxBufferedMiB },
  { name: 'ws-upstream-grace', option: 'wsUpstreamGraceMs', kind: 'milliseconds', fallback: defaultPubSub.upstreamGraceMs },
];

/** An answer waits at most this long for an IDL: past it, the answer's own latency is what suffers. */
const maxOnchainIdlWaitMs = 10_000;

export const envPrefix = 'ENHANCED_RPC_';
export const envName = (name: string) => envPrefix + name.toUpperCase().replaceAll('-', '_');
export const configEnv = envName('config');

/** For node:util parseArgs (strict), so an unknown flag stops the start too. */
export const serveFlags: NonNullable<ParseArgsConfig['options']> = Object.fromEntries([
  ['config', { type: 'string' }],
  ...settings.map((s): [string, { type: 'string'; multiple?: boolean }] => [
    s.name,
    s.kind === 'list' ? { type: 'string', multiple: true } : { type: 'string' },
  ]),
]);

export type Flags = Record<string, string | boolean | (string | boolean)[] | undefined>;
export type Env = Record<string, string | undefined>;

/** The config file to read, if any: `--config` wins over ENHANCED_RPC_CONFIG. */
export function configFilePath(flags: Flags, env: Env): string | undefined {
  const flag = flags.config;
  if (typeof flag === 'string') return flag;
  return env[configEnv] || undefined;
}

/**
 * The settings as `serve` resolves them from parsed flags, the process environment and the
 * config file those name; `keys` and `plans` read the key store's settings the same way, so they
 * reach the store the running gateway uses.
 */
export function readServeSettings(flags: Flags, env: Env = process.env): Resolution {
  const path = configFilePath(flags, env);
  let file: { path: string; text: string } | undefined;
  if (path !== undefined) {
    try {
      file = { path, text: readFileSync(path, 'utf8') };
    } catch (error) {
      throw new Error(`cannot read config file ${path}: ${(error as Error).message}`, { cause: error });
    }
  }
  return resolveServeOptions(flags, env, file);
}

export interface Resolution {
  options: ServeOptions;
  errors: string[];
}

/**
 * `file` is the config file's path (for messages) and text, as read by the caller. `options` is
 * only meant to be used when `errors` is empty.
 */
export function resolveServeOptions(flags: Flags, env: Env, file?: { path: string; text: string }): Resolution {
  const errors: string[] = [];
  const fromFile = file ? readConfigFile(file, errors) : {};
  const known = new Set([configEnv, ...settings.map((s) => envName(s.name))]);
  for (const name of Object.keys(env).sort()) {
    if (name.startsWith(envPrefix) && !known.has(name)) {
      errors.push(`environment variable ${name} is not a setting; known: ${[...known].join(', ')}`);
    }
  }
  const options: Record<string, unknown> = {};
  const unset = new Set<string>();
  for (const setting of settings) {
    const flag = flags[setting.name];
    const variable = envName(setting.name);
    let value: unknown;
    if (flag !== undefined) {
      value = fromText(setting, flag, `--${setting.name}`, errors);
    } else if (env[variable]) {
      value = fromText(setting, setting.kind === 'list' ? env[variable].split(',') : env[variable], variable, errors);
    } else if (setting.name in fromFile) {
      value = fromJson(setting, fromFile[setting.name], `config file ${file!.path}: "${setting.name}"`, errors);
    } else {
      value = setting.fallback;
      unset.add(setting.name);
    }
    if (value !== undefined) options[setting.option] = value;
  }
  const resolved = options as unknown as ServeOptions;
  // Measured on 16 cores (BENCHMARKS.md, "Scaling out, measured"): acceptors decoding on their own
  // main threads served as much as any split or more, so workers get only the cores they leave.
  if (unset.has('workers') && resolved.acceptors > 1) resolved.workers = Math.max(0, availableParallelism() - resolved.acceptors);
  if (resolved.onchainIdl === true && resolved.upstreams?.length === 0)
    errors.push('onchain-idl is on but no upstream is set: on-chain IDLs are read through the upstream node');
  if (resolved.onchainIdlWaitMs > maxOnchainIdlWaitMs)
    errors.push(`onchain-idl-wait-ms must be at most ${maxOnchainIdlWaitMs}, got ${resolved.onchainIdlWaitMs}`);
  if (resolved.upstreamWs?.length > 0 && resolved.upstreams?.length === 0)
    errors.push('upstream-ws is set but no upstream is set: PubSub is relayed only in front of an upstream node');
  if (resolved.acceptors === 0) errors.push('acceptors must be at least 1');
  if (resolved.wsMaxBufferedMiB === 0) errors.push('ws-max-buffered-mib must be at least 1');
  if (resolved.upstreamConnections === 0) errors.push('upstream-connections must be at least 1');
  if (resolved.onchainIdlMaxPrograms === 0 || resolved.onchainIdlMaxMiB === 0)
    errors.push('onchain-idl-max-programs and onchain-idl-max-mib must be at least 1; turn on-chain IDLs off with onchain-idl off');
  return { options: resolved, errors };
}

function readConfigFile(file: { path: string; text: string }, errors: string[]): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(file.text);
  } catch (error) {
    errors.push(`config file ${file.path} is not valid JSON: ${(error as Error).message}`);
    return {};
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    errors.push(`config file ${file.path} must hold one JSON object of settings, got ${jsonType(parsed)}`);
    return {};
  }
  const names = settings.map((s) => s.name);
  const record = parsed as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!names.includes(key)) errors.push(`config file ${file.path}: unknown key "${key}"; known: ${names.join(', ')}`);
  }
  return record;
}

/** A flag's or a variable's text; lists arrive already split. */
function fromText(setting: Setting, raw: string | boolean | (string | boolean)[], source: string, errors: string[]): unknown {
  if (setting.kind === 'list') {
    const items = (Array.isArray(raw) ? raw : [raw]).map((item) => String(item).trim()).filter((item) => item !== '');
    if (items.length === 0) errors.push(`${source} must name at least one URL`);
    return items;
  }
  const text = String(raw);
  if (setting.kind === 'port' || setting.kind === 'count' || setting.kind === 'milliseconds') {
    const number = /^\d+$/.test(text) ? Number(text) : NaN;
    return checkNumber(setting, number, JSON.stringify(text), source, errors);
  }
  if (setting.kind === 'switch') return switchValue(text, source, errors);
  return checkText(setting, text, source, errors);
}

function fromJson(setting: Setting, value: unknown, source: string, errors: string[]): unknown {
  if (setting.kind === 'list') {
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === '')) {
      errors.push(`${source} must be an array of URL strings, got ${jsonType(value)}`);
      return undefined;
    }
    return value;
  }
  if (setting.kind === 'port' || setting.kind === 'count' || setting.kind === 'milliseconds') {
    return checkNumber(
      setting,
      typeof value === 'number' ? value : NaN,
      typeof value === 'number' ? String(value) : jsonType(value),
      source,
      errors,
    );
  }
  if (setting.kind === 'switch')
    return typeof value === 'boolean' ? value : switchValue(typeof value === 'string' ? value : jsonType(value), source, errors);
  if (typeof value !== 'string') {
    errors.push(`${source} must be a string, got ${jsonType(value)}`);
    return undefined;
  }
  return checkText(setting, value, source, errors);
}

function checkNumber(setting: Setting, value: number, shown: string, source: string, errors: string[]): number | undefined {
  const [min, max, what] =
    setting.kind === 'port'
      ? [0, 65_535, 'a port number 0..65535']
      : setting.kind === 'count'
        ? [0, Infinity, 'a whole number ≥ 0']
        : // Node's timers treat anything above 2^31-1 ms as 1 ms.
          [1, 2_147_483_647, 'a whole number of milliseconds 1..2147483647'];
  if (Number.isInteger(value) && value >= min && value <= max) return value;
  errors.push(`${source} must be ${what}, got ${shown}`);
  return undefined;
}

/** Never echoes the value: URLs here often carry passwords or provider keys. */
function checkText(setting: Setting, value: string, source: string, errors: string[]): string | undefined {
  if (setting.kind === 'level') {
    if ((logLevels as readonly string[]).includes(value)) return value;
    errors.push(`${source} must be one of ${logLevels.join(', ')}, got ${JSON.stringify(value)}`);
    return undefined;
  }
  if (value === '') {
    errors.push(`${source} must not be empty`);
    return undefined;
  }
  return value;
}

const switchWords = new Map([
  ['on', true],
  ['off', false],
  ['true', true],
  ['false', false],
]);

function switchValue(text: string, source: string, errors: string[]): boolean | undefined {
  const value = switchWords.get(text);
  if (value === undefined) errors.push(`${source} must be on or off, got ${JSON.stringify(text)}`);
  return value;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
