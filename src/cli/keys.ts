import { parseArgs } from 'node:util';
import { openSqliteKeyStore } from '../auth/key-store.js';
import { defaultKeyDbFile } from '../gateway.js';

const dbOption = { db: { type: 'string' as const, default: defaultKeyDbFile } };

export function runKeys(args: string[]): void {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { ...dbOption, plan: { type: 'string' }, label: { type: 'string' } },
  });
  const store = openSqliteKeyStore(values.db);
  try {
    switch (action) {
      case 'create': {
        if (!values.plan) throw new Error('keys create needs --plan NAME (see `enhanced-rpc plans list`)');
        const { key, record } = store.createKey(values.plan, values.label);
        console.log(`created key ${record.fingerprint} (plan ${record.plan.name}); it is shown once, store it now:`);
        console.log(key);
        return;
      }
      case 'list':
        for (const k of store.listKeys()) {
          const state = k.revokedAt ? `revoked ${k.revokedAt}` : 'active';
          console.log(`${k.fingerprint}\t${k.plan.name}\t${state}\t${k.createdAt}\t${k.label ?? ''}`);
        }
        return;
      case 'revoke': {
        const target = positionals[0];
        if (!target) throw new Error('keys revoke needs the key or its fingerprint');
        if (!store.revokeKey(target)) throw new Error('no such key');
        console.log('revoked');
        return;
      }
      default:
        throw new Error('keys: expected create, list or revoke');
    }
  } finally {
    store.close();
  }
}

export function runPlans(args: string[]): void {
  const [action, ...rest] = args;
  if (action !== 'list') throw new Error('plans: expected list');
  const { values } = parseArgs({ args: rest, options: dbOption });
  const store = openSqliteKeyStore(values.db);
  try {
    console.log('plan\trequests/s\tburst\tmonthly quota\tenhanced parsing');
    for (const p of store.listPlans()) {
      console.log(`${p.name}\t${p.requestsPerSecond}\t${p.burst}\t${p.monthlyQuota ?? 'unlimited'}\t${p.enhancedParsing ? 'yes' : 'no'}`);
    }
  } finally {
    store.close();
  }
}
