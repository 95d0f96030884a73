import { parseArgs } from 'node:util';
import { renameSync, rmSync } from 'node:fs';
import { openLedger, type LedgerStore } from '../ledger/ledger-store.js';
import { importCorpus } from '../ledger/import-corpus.js';
import { LedgerRpc } from '../ledger/ledger-rpc.js';
import { defaultLedgerFile } from '../gateway.js';
import { UpstreamPool } from '../upstream/upstream-pool.js';
import { LosslessNumber, parseJson } from '../json/lossless.js';
import { resultText } from '../json/request-scan.js';
import { checkAddress, checkSignature } from '../rpc/params.js';

const importedEncodings = ['base64', 'json', 'jsonParsed'] as const;

export async function runLedger(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      ledger: { type: 'string', default: defaultLedgerFile },
      from: { type: 'string' },
      signature: { type: 'string', multiple: true, default: [] },
      account: { type: 'string', multiple: true, default: [] },
    },
  });
  if (action === 'build') {
    // Built aside and renamed into place: a gateway still reading the old file keeps its copy, and
    // no stale -wal/-shm file of the old one can be mistaken for the new one's.
    const fresh = `${values.ledger}.${process.pid}.tmp`;
    const store = openLedger(fresh);
    const counts = importCorpus(store);
    store.close();
    for (const suffix of ['-wal', '-shm']) rmSync(values.ledger + suffix, { force: true });
    renameSync(fresh, values.ledger);
    console.log(`ledger: ${counts.transactions} transaction bodies, ${counts.accounts} accounts -> ${values.ledger}`);
    return;
  }
  const store = openLedger(values.ledger, { readonly: action === 'stats' });
  try {
    if (action === 'stats') {
      console.log(JSON.stringify(store.stats(), null, 2));
    } else if (action === 'import') {
      if (!values.from) throw new Error('ledger import needs --from URL');
      if (values.signature.length + values.account.length === 0) throw new Error('ledger import needs --signature or --account');
      const pool = new UpstreamPool({ urls: [values.from] });
      try {
        await importTransactions(store, pool, values.signature);
        await importAccounts(store, pool, values.account);
      } finally {
        await pool.close();
      }
    } else {
      throw new Error('ledger: expected import, stats or build');
    }
  } finally {
    store.close();
  }
}

async function call(pool: UpstreamPool, method: string, params: unknown[]): Promise<string> {
  const reply = await pool.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), { retryable: true });
  const text = reply.body.toString();
  if (reply.status !== 200) throw new Error(`${method}: HTTP ${reply.status}: ${text.slice(0, 200)}`);
  const result = resultText(text);
  if (result === null) throw new Error(`${method}: not a JSON-RPC result: ${text.slice(0, 300)}`);
  return result;
}

async function importTransactions(store: LedgerStore, pool: UpstreamPool, signatures: string[]) {
  const ledger = new LedgerRpc(store);
  for (const signature of signatures) {
    checkSignature(signature);
    let stored = 0;
    for (const encoding of importedEncodings) {
      const result = await call(pool, 'getTransaction', [
        signature,
        { encoding, maxSupportedTransactionVersion: 0, commitment: 'finalized' },
      ]);
      if (result === 'null') break;
      if (ledger.importTransaction(signature, encoding, result)) stored++;
    }
    console.log(stored > 0 ? `${signature}: stored ${stored} encodings` : `${signature}: not found (or not finalized) upstream`);
  }
}

const u64Text = (v: unknown) => (v instanceof LosslessNumber ? v.raw : String(v));

async function importAccounts(store: LedgerStore, pool: UpstreamPool, addresses: string[]) {
  for (let i = 0; i < addresses.length; i += 100) {
    const chunk = addresses.slice(i, i + 100);
    chunk.forEach(checkAddress);
    const result = parseJson(await call(pool, 'getMultipleAccounts', [chunk, { encoding: 'base64', commitment: 'finalized' }])) as {
      context: { slot: number };
      value: ({ data: [string, string]; executable: boolean; lamports: unknown; owner: string; rentEpoch: unknown } | null)[];
    };
    store.batch(() => {
      result.value.forEach((account, j) => {
        if (account === null) return console.log(`${chunk[j]}: does not exist upstream`);
        store.putAccount({
          address: chunk[j],
          slot: result.context.slot,
          lamports: u64Text(account.lamports),
          owner: account.owner,
          executable: account.executable,
          rentEpoch: u64Text(account.rentEpoch),
          data: Buffer.from(account.data[0], 'base64'),
        });
        console.log(`${chunk[j]}: stored at slot ${result.context.slot}`);
      });
    });
  }
}
