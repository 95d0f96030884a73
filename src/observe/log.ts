/**
 * The process's structured log: one JSON object per line on stderr (stdout stays the CLI's own
 * output), pino levels. It is process-wide on purpose: worker threads and every module write to the
 * same stream, and the gateway sets the level once at start.
 *
 * API keys never reach it: requests are logged by key fingerprint, and the members where a key
 * could end up are censored as a second line of defence.
 */
import { pino } from 'pino';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export const log = pino(
  {
    level: 'info',
    base: { service: 'enhanced-rpc' },
    redact: { paths: ['key', 'apiKey', 'url', 'headers["x-api-key"]', '*.key', '*.apiKey'], censor: '[redacted]' },
  },
  pino.destination({ fd: 2, sync: true }),
);

export function setLogLevel(level: string): void {
  if (!(logLevels as readonly string[]).includes(level)) {
    throw new Error(`log level must be one of ${logLevels.join(', ')}; got ${JSON.stringify(level)}`);
  }
  log.level = level;
}

/**
 * An upstream URL as it may be logged: scheme, host and port only. Providers put their own API key
 * in the path or query, which is as secret as ours.
 */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' && parsed.search === '' ? '' : '/…'}`;
  } catch {
    return '[unparsable url]';
  }
}
