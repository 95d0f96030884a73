/**
 * The embedded ledger through the running gateway: every corpus transaction and account comes
 * back as the stored original, in the node's shapes, and `ledger import` fills a ledger from a node.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJson, LosslessNumber } from '../src/json/lossless.js';
import { corpusAccountsDir, corpusTransactionsDir } from '../src/paths.js';
import { asTheNodeSpellsIt } from '../src/ledger/import-corpus.js';
import { post, rpc, runCli, runCliAsync, tempDir } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';

let gw: InProcessGateway;
before(async () => {
  gw = await startInProcess();
});
after(() => gw.stop());

const call = async (method: string, params: unknown[]) => {
  const answer = await post(`${gw.url}/${gw.key}`, rpc(method, params));
  assert.equal(answer.status, 200);
  return { text: answer.text, value: parseJson(answer.text) as { result?: any; error?: { code: number; message: string } } };
};

const transactionFiles = readdirSync(corpusTransactionsDir)
  .map((file) => /^(\w+)\.(json|jsonParsed|base64)\.json$/.exec(file))
  .filter((m): m is RegExpExecArray => m !== null);

const storedTransaction = (file: string) => parseJson(asTheNodeSpellsIt(readFileSync(join(corpusTransactionsDir, file), 'utf8'))) as any;

const versionOf = (stored: any): 'legacy' | 0 =>
  stored.version ?? (stored.transaction.message?.addressTableLookups !== undefined ? 0 : 'legacy');

test('every corpus transaction comes back as stored, in its stored encoding', async () => {
  assert.ok(transactionFiles.length > 100);
  for (const [file, signature, encoding] of transactionFiles) {
    const stored = storedTransaction(file);
    const { value } = await call('getTransaction', [signature, { encoding, maxSupportedTransactionVersion: 0 }]);
    assert.deepEqual(value.result, { ...stored, version: versionOf(stored) }, file);
  }
});

test('transactions stored as json or base64 are also served as jsonParsed and in the other binary forms', async () => {
  for (const [file, signature, encoding] of transactionFiles.filter((m) => m[2] !== 'jsonParsed')) {
    const stored = storedTransaction(file);
    const parsed = (await call('getTransaction', [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }])).value.result;
    assert.equal(parsed.slot, stored.slot, file);
    assert.equal(parsed.meta.preBalances.length, parsed.transaction.message.accountKeys.length, file);
    assert.equal(parsed.meta.loadedAddresses, undefined, file);
    const other = encoding === 'json' ? 'base64' : 'json';
    const converted = (await call('getTransaction', [signature, { encoding: other, maxSupportedTransactionVersion: 0 }])).value.result;
    assert.deepEqual(converted.meta, stored.meta, file);
  }
});

test("the node's version rules: no version key without maxSupportedTransactionVersion, -32015 for v0", async () => {
  const legacy = transactionFiles.find(([file]) => versionOf(storedTransaction(file)) === 'legacy')!;
  const v0 = transactionFiles.find(([file]) => versionOf(storedTransaction(file)) === 0)!;
  const plain = (await call('getTransaction', [legacy[1], legacy[2]])).value.result;
  assert.equal('version' in plain, false);
  const refused = (await call('getTransaction', [v0[1], { encoding: v0[2] }])).value.error;
  assert.deepEqual(refused, {
    code: -32015,
    message:
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
  });
});

test('an unknown signature is null', async () => {
  const unknown = '5'.repeat(87);
  const { text } = await call('getTransaction', [unknown, { maxSupportedTransactionVersion: 0 }]);
  assert.equal(text, '{"jsonrpc":"2.0","result":null,"id":1}\n');
});

const accountFiles = readdirSync(corpusAccountsDir).filter((f) => f.endsWith('.json'));

test('getMultipleAccounts returns the stored accounts, exact u64 rentEpoch, null for unknown ones', async () => {
  const addresses = accountFiles.map((f) => f.replace(/\.json$/, ''));
  const missing = 'So11111111111111111111111111111111111111113';
  const { text, value } = await call('getMultipleAccounts', [[...addresses, missing], { encoding: 'base64' }]);
  const result = value.result;
  assert.equal(typeof result.context.apiVersion, 'string');
  assert.equal(typeof result.context.slot, 'number');
  assert.equal(result.value.length, addresses.length + 1);
  assert.equal(result.value[addresses.length], null);
  accountFiles.forEach((file, i) => {
    const stored = parseJson(readFileSync(join(corpusAccountsDir, file), 'utf8')) as any;
    const served = result.value[i];
    assert.deepEqual(served.data, stored.data, file);
    assert.equal(served.owner, stored.owner, file);
    assert.equal(String(served.lamports), String(stored.lamports), file);
    assert.equal(served.space, stored.space, file);
    // u64::MAX that a JavaScript double had rounded in the source is served as the node sends it
    const rentEpoch = stored.rentEpoch instanceof LosslessNumber ? '18446744073709551615' : String(stored.rentEpoch);
    assert.equal(String(served.rentEpoch), rentEpoch, file);
  });
  assert.match(text, /"rentEpoch":18446744073709551615,/);
});

test("getAccountInfo: binary by default for small accounts, the node's error for large ones", async () => {
  const mint = readdirSync(corpusAccountsDir).find(
    (f) => f.endsWith('.json') && (parseJson(readFileSync(join(corpusAccountsDir, f), 'utf8')) as any).space === 82,
  )!;
  const small = (await call('getAccountInfo', [mint.replace('.json', '')])).value.result;
  assert.equal(typeof small.value.data, 'string');
  const large = (await call('getAccountInfo', [accountFiles.find((f) => f.startsWith('6A5NH'))!.replace('.json', '')])).value.error;
  assert.deepEqual(large, {
    code: -32600,
    message: 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
  });
});

test('slot, version and health come from the ledger; other methods say to use an upstream', async () => {
  const slot = (await call('getSlot', [])).value.result;
  const maxCorpusSlot = Math.max(...transactionFiles.map(([file]) => storedTransaction(file).slot));
  assert.equal(slot, maxCorpusSlot);
  const version = (await call('getVersion', [])).value.result;
  assert.equal(typeof version['solana-core'], 'string');
  assert.equal((await call('getHealth', [])).value.result, 'ok');
  const balance = (await call('getBalance', ['11111111111111111111111111111111'])).value.error!;
  assert.match(balance.message, /not available from the local ledger; start the gateway with --upstream/);
});

test('ledger import fills a new ledger from a node, which then serves the same answers', async () => {
  const [file, signature] = transactionFiles.find((m) => m[2] === 'base64')!;
  const account = accountFiles[0].replace('.json', '');
  const ledgerFile = join(tempDir(), 'imported.sqlite');
  const run = await runCliAsync([
    'ledger',
    'import',
    '--from',
    `${gw.url}/${gw.key}`,
    '--signature',
    signature,
    '--account',
    account,
    '--ledger',
    ledgerFile,
  ]);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /stored/);
  const stats = JSON.parse(runCli(['ledger', 'stats', '--ledger', ledgerFile]));
  assert.equal(stats.transactions, 1, file);
  assert.equal(stats.accounts, 1);
  const copy = await startInProcess({ ledgerFile });
  try {
    for (const body of [
      rpc('getTransaction', [signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 }]),
      rpc('getAccountInfo', [account, { encoding: 'base64' }]),
    ]) {
      const original = JSON.parse((await post(`${gw.url}/${gw.key}`, body)).text).result;
      const imported = JSON.parse((await post(`${copy.url}/${copy.key}`, body)).text).result;
      if (original.context) {
        assert.deepEqual(imported.value, original.value);
      } else {
        assert.deepEqual(imported, original);
      }
    }
  } finally {
    await copy.stop();
  }
});
