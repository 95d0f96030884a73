import { parseArgs } from 'node:util';
import { openSqliteKeyStore, type KeyStore } from '../auth/key-store.js';
import type { AsyncKeyStore } from '../auth/pg-key-store.js';
import { readServeSettings } from './config.js';
import { defaultPubSub } from '../gateway.js';

const storeOptions = { config: { type: 'string' as const }, db: { type: 'string' as const }, postgres: { type: 'string' as const } };

/**
 * The key store the gateway uses: PostgreSQL with `postgres`, else the SQLite file `db`, each from
 * a flag, an ENHANCED_RPC_* variable or the config file as `serve` reads them.
 */
async function openKeyStore(values: { config?: string; db?: string; postgres?: string }): Promise<KeyStore | AsyncKeyStore> {
  const { options, errors } = readServeSettings(values);
  if (errors.length > 0) throw new Error(`invalid settings:\n  ${errors.join('\n  ')}`);
  return options.postgresUrl
    ? (await import('../auth/pg-key-store.js')).openPgKeyStore(options.postgresUrl)
    : openSqliteKeyStore(options.keyDbFile);
}

export async function runKeys(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { ...storeOptions, plan: { type: 'string' }, label: { type: 'string' } },
  });
  const store = await openKeyStore(values);
  try {
    switch (action) {
      case 'create': {
        if (!values.plan) throw new Error('keys create needs --plan NAME (see `enhanced-rpc plans list`)');
        const { key, record } = await store.createKey(values.plan, values.label);
        console.log(`created key ${record.fingerprint} (plan ${record.plan.name}); it is shown once, store it now:`);
        console.log(key);
        return;
      }
      case 'list':
        for (const k of await store.listKeys()) {
          const state = k.revokedAt ? `revoked ${k.revokedAt}` : 'active';
          console.log(`${k.fingerprint}\t${k.plan.name}\t${state}\t${k.createdAt}\t${k.label ?? ''}`);
        }
        return;
      case 'revoke': {
        const target = positionals[0];
        if (!target) throw new Error('keys revoke needs the key or its fingerprint');
        if (!(await store.revokeKey(target))) throw new Error('no such key');
        console.log('revoked');
        return;
      }
      default:
        throw new Error('keys: expected create, list or revoke');
    }
  } finally {
    await store.close();
  }
}

function wholeNumber(name: string, text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
    throw new Error(`plans set needs --${name} as a whole number ≥ 1`);
  }
  return Number(text);
}

function positiveNumber(name: string, text: string | undefined): number {
  const n = Number(text);
  if (text === undefined || !Number.isFinite(n) || n <= 0) throw new Error(`plans set needs --${name} as a positive number`);
  return n;
}

export async function runPlans(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      ...storeOptions,
      rps: { type: 'string' },
      burst: { type: 'string' },
      quota: { type: 'string' },
      enhanced: { type: 'string' },
      'max-subscriptions': { type: 'string' },
    },
  });
  const store = await openKeyStore(values);
  try {
    if (action === 'set') {
      const name = positionals[0];
      if (!name) throw new Error('plans set needs a plan name');
      if (values.enhanced !== 'true' && values.enhanced !== 'false') throw new Error('plans set needs --enhanced true|false');
      await store.savePlan({
        name,
        requestsPerSecond: positiveNumber('rps', values.rps),
        burst: positiveNumber('burst', values.burst),
        monthlyQuota: values.quota === 'unlimited' ? null : positiveNumber('quota', values.quota),
        enhancedParsing: values.enhanced === 'true',
        // Left out: a plan keeps the number it has (new plans: the gateway's default).
        ...(values['max-subscriptions'] === undefined
          ? {}
          : { maxSubscriptions: wholeNumber('max-subscriptions', values['max-subscriptions']) }),
      });
      console.log(`plan ${name} saved`);
      return;
    }
    if (action !== 'list') throw new Error('plans: expected list or set');
    console.log('plan\trequests/s\tburst\tmonthly quota\tenhanced parsing\tmax subscriptions');
    for (const p of await store.listPlans()) {
      const subscriptions = p.maxSubscriptions ?? `default (${defaultPubSub.maxSubscriptions})`;
      console.log(
        `${p.name}\t${p.requestsPerSecond}\t${p.burst}\t${p.monthlyQuota ?? 'unlimited'}\t${p.enhancedParsing ? 'yes' : 'no'}\t${subscriptions}`,
      );
    }
  } finally {
    await store.close();
  }
}
