/**
 * Real clients, unchanged, against a running gateway: @solana/web3.js 1.x's `Connection` and
 * @solana/kit's `createSolanaRpc`, pointed at the explorerkit and actionskit URLs. Their own
 * response checks (web3.js's superstruct schemas, kit's transformers) must accept the enhanced
 * answers; what they hand to the caller must hold the decoded entries exactly as the gateway wrote
 * them; and everything else must be what the same client gets without flags.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Connection, Message, PublicKey } from '@solana/web3.js';
import { address, createSolanaRpc, signature as toSignature } from '@solana/kit';
import { corpusAccountsDir, corpusTransactionsDir } from '../src/paths.js';
import { LosslessNumber, parseJson } from '../src/json/lossless.js';
import { answerText, rpc } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';

let gw: InProcessGateway;
before(async () => {
  gw = await startInProcess();
});
after(() => gw.stop());

const flagSets = ['?explorerkit=true', '?actionskit=true'];
const endpoint = (flags = '') => `${gw.url}/${gw.key}${flags}`;
const web3 = (flags = '') => new Connection(endpoint(flags), { commitment: 'finalized', disableRetryOnRateLimit: true });
const kit = (flags = '') => createSolanaRpc(endpoint(flags));

interface CorpusTransaction {
  file: string;
  signature: string;
  /** The encoding the corpus holds it in: one held only as jsonParsed cannot be served as json. */
  jsonServable: boolean;
  version: 'legacy' | 'v0';
  failed: boolean;
}

const transactions: CorpusTransaction[] = readdirSync(corpusTransactionsDir)
  .map((f) => /^(\w+)\.(json|jsonParsed|base64)\.json$/.exec(f))
  .filter((m): m is RegExpExecArray => m !== null)
  .map(([file, signature, stored]) => {
    const held = JSON.parse(readFileSync(join(corpusTransactionsDir, file), 'utf8'));
    return {
      file,
      signature,
      jsonServable: stored !== 'jsonParsed',
      version: held.version === 0 ? 'v0' : 'legacy',
      failed: held.meta?.err != null,
    };
  });

const accountAddresses = readdirSync(corpusAccountsDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));
const missingAccount = 'So11111111111111111111111111111111111111113';

/** The gateway's own answer to the request a client makes, as JSON.parse (web3.js) and losslessly (kit) reads it. */
async function gatewayAnswer(flags: string, method: string, params: unknown[]) {
  const text = await answerText(gw, rpc(method, params), flags);
  const parsed = JSON.parse(text);
  assert.equal(parsed.error, undefined, `${method} ${flags}: ${text.slice(0, 300)}`);
  return { doubles: parsed.result, exact: (parseJson(text) as { result: unknown }).result };
}

/**
 * A client's value in plain JSON terms: kit's bigints and exact u64 texts as numbers when a double
 * holds them and as decimal strings otherwise, web3.js's PublicKeys as base58 and account Buffers
 * as the node's base64 pair.
 */
function canon(value: unknown): any {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof LosslessNumber) return value.raw;
  if (value instanceof PublicKey) return value.toBase58();
  if (Buffer.isBuffer(value)) return [value.toString('base64'), 'base64'];
  if (Array.isArray(value)) return value.map(canon);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, canon(v)]));
  return value;
}

/** Instruction lists of a canonical result (top-level, then each inner group), to edit in place. */
function instructionLists(result: any): any[][] {
  const top = result.transaction.message.instructions;
  return [...(top ? [top] : []), ...(result.meta?.innerInstructions ?? []).map((g: { instructions: any[] }) => g.instructions)];
}

interface Additions {
  decoded: number;
  errors: number;
  actions: number;
  inner: number;
}

/**
 * Takes the gateway's additions out of a canonical enhanced result, checking each against the
 * canonical plain result: `actions` and `error` members, `parsed`/`program` added to compiled json
 * entries, and jsonParsed entries rewritten from the node's partially decoded shape (programId and
 * stackHeight kept). What is left must equal the plain result.
 */
function withoutAdditions(enhanced: any, plain: any): { rest: any; added: Additions } {
  const added: Additions = { decoded: 0, errors: 0, actions: 0, inner: 0 };
  const plainLists = instructionLists(plain);
  const lists = instructionLists(enhanced);
  assert.equal(lists.length, plainLists.length);
  lists.forEach((list, l) => {
    assert.equal(list.length, plainLists[l].length);
    list.forEach((entry, i) => {
      const was = plainLists[l][i];
      if ('actions' in entry) added.actions++;
      if ('error' in entry) added.errors++;
      delete entry.actions;
      delete entry.error;
      if (entry.parsed === undefined || was.parsed !== undefined) return;
      added.decoded++;
      if (l > 0 || !enhanced.transaction.message.instructions) added.inner++;
      if ('programIdIndex' in entry) {
        assert.equal(typeof entry.program, 'string');
        delete entry.parsed;
        delete entry.program;
      } else {
        assert.deepEqual([entry.programId, entry.stackHeight], [was.programId, was.stackHeight]);
        assert.ok(Array.isArray(was.accounts) && typeof was.data === 'string', 'a decoded entry was partially decoded by the node');
        list[i] = was;
      }
    });
  });
  return { rest: enhanced, added };
}

/** What each client was seen to receive: the corpus must exercise every kind of addition. */
const seen = new Set<string>();

function noteCoverage(client: string, tx: CorpusTransaction, added: Additions) {
  if (added.decoded > 0) seen.add(`${client} ${tx.version} decoded`);
  if (added.inner > 0) seen.add(`${client} inner decoded`);
  if (added.errors > 0 && tx.failed) seen.add(`${client} failed with error`);
  if (added.actions > 0) seen.add(`${client} actions`);
}

function assertCovered(client: string, kinds = ['legacy decoded', 'v0 decoded', 'inner decoded', 'failed with error', 'actions']) {
  for (const what of kinds) assert.ok(seen.has(`${client} ${what}`), `${client}: the corpus exercises ${what}`);
}

const parsedResults = new Map<string, unknown>();

test('web3.js getParsedTransaction accepts explorerkit and actionskit answers; decoded entries arrive as sent', async () => {
  const plainConnection = web3();
  for (const tx of transactions) {
    const config = { maxSupportedTransactionVersion: 0 } as const;
    const plain = canon(await plainConnection.getParsedTransaction(tx.signature, config));
    for (const flags of flagSets) {
      const client = await web3(flags).getParsedTransaction(tx.signature, config);
      const { doubles } = await gatewayAnswer(flags, 'getTransaction', [
        tx.signature,
        { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 },
      ]);
      assert.deepEqual(canon(client), doubles, `${tx.file} ${flags}: the client hands over the gateway's answer`);
      if (flags === flagSets[0]) parsedResults.set(tx.signature, canon(client));
      const { rest, added } = withoutAdditions(canon(client), plain);
      assert.deepEqual(rest, plain, `${tx.file} ${flags}: everything else is what the client gets without flags`);
      noteCoverage('web3.js jsonParsed', tx, added);
    }
  }
  assertCovered('web3.js jsonParsed');
});

test('web3.js getParsedTransactions sends batches of getTransaction; each answer equals the single one', async () => {
  const connection = web3(flagSets[0]);
  const signatures = transactions.map((t) => t.signature);
  for (let i = 0; i < signatures.length; i += 10) {
    const chunk = signatures.slice(i, i + 10);
    const batch = await connection.getParsedTransactions(chunk, { maxSupportedTransactionVersion: 0 });
    chunk.forEach((signature, j) => assert.deepEqual(canon(batch[j]), parsedResults.get(signature), signature));
  }
  // Over the batch limit, web3.js reports the gateway's reason rather than tripping on the answer's shape.
  await assert.rejects(
    connection.getParsedTransactions(signatures.slice(0, 11), { maxSupportedTransactionVersion: 0 }),
    /^SolanaJSONRPCError: failed to get transactions: Batch holds 11 getTransaction requests; the maximum is 10 per batch/,
  );
});

test('web3.js getTransaction (no encoding named: json) accepts explorerkit and actionskit answers', async () => {
  const plainConnection = web3();
  let legacyTopLevel = 0;
  for (const tx of transactions.filter((t) => t.jsonServable)) {
    const config = { maxSupportedTransactionVersion: 0 } as const;
    const plainClient = await plainConnection.getTransaction(tx.signature, config);
    const plain = canon(plainClient);
    for (const flags of flagSets) {
      const client = await web3(flags).getTransaction(tx.signature, config);
      const { doubles } = await gatewayAnswer(flags, 'getTransaction', [tx.signature, { maxSupportedTransactionVersion: 0 }]);
      assert.deepEqual(canon(client!.meta), doubles.meta, `${tx.file} ${flags}: inner instructions arrive decoded`);
      const message = client!.transaction.message;
      if (message instanceof Message) {
        // A legacy Message keeps the compiled entries as sent, decoded members included.
        assert.equal(tx.version, 'legacy');
        assert.deepEqual(canon(message.instructions), doubles.transaction.message.instructions, tx.file);
        legacyTopLevel += doubles.transaction.message.instructions.filter((ix: { parsed?: unknown }) => ix.parsed !== undefined).length;
      } else {
        // MessageV0 rebuilds compiled instructions from indexes and data alone: the decoded members
        // of top-level entries do not reach the caller (inner ones do, through meta).
        assert.equal(tx.version, 'v0');
        assert.deepEqual(message.compiledInstructions, plainClient!.transaction.message.compiledInstructions, tx.file);
      }
      const { rest, added } = withoutAdditions(canon(client), plain);
      assert.deepEqual(rest, plain, `${tx.file} ${flags}: everything else is what the client gets without flags`);
      noteCoverage('web3.js json', tx, added);
    }
  }
  assert.ok(legacyTopLevel > 0, 'legacy top-level entries arrive decoded');
  assertCovered('web3.js json', ['inner decoded', 'failed with error', 'actions']);
});

test("web3.js accounts: getMultipleParsedAccounts gets decoded data, getMultipleAccountsInfo the node's bytes", async () => {
  const keys = [...accountAddresses, missingAccount].map((a) => new PublicKey(a));
  const plain = canon(await web3().getMultipleParsedAccounts(keys));
  for (const flags of flagSets) {
    const parsed = await web3(flags).getMultipleParsedAccounts(keys);
    const { doubles } = await gatewayAnswer(flags, 'getMultipleAccounts', [
      [...accountAddresses, missingAccount],
      { encoding: 'jsonParsed' },
    ]);
    assert.deepEqual(canon(parsed), doubles, flags);
    assert.equal(parsed.value.at(-1), null);
    let decoded = 0;
    parsed.value.forEach((account, i) => {
      // Absent, undecoded, or parsed by the node itself (native owners): as without flags.
      if (account === null || Buffer.isBuffer(account.data) || !Array.isArray(plain.value[i].data)) {
        assert.deepEqual(canon(account), plain.value[i]);
        return;
      }
      decoded++;
      assert.equal(account.data.space, Buffer.from(plain.value[i].data[0], 'base64').length);
      assert.deepEqual({ ...canon(account), data: plain.value[i].data }, plain.value[i]);
    });
    assert.ok(decoded > 0, 'some corpus accounts are decoded');
    // u64::MAX rentEpoch: web3.js reads JSON numbers as doubles, where it is 2 ** 64.
    assert.ok(parsed.value.some((a) => a?.rentEpoch === 2 ** 64));
    const info = await web3(flags).getMultipleAccountsInfo(keys);
    assert.deepEqual(info, await web3().getMultipleAccountsInfo(keys), `${flags}: base64 asked, base64 answered`);
  }
});

test('kit getTransaction accepts explorerkit and actionskit answers, u64 exact; decoded entries arrive as sent', async () => {
  // kit picks the answer's type by the literal encoding, hence one call per encoding.
  const fetch = (flags: string, signature: string, encoding: 'jsonParsed' | 'json') =>
    encoding === 'jsonParsed'
      ? kit(flags).getTransaction(toSignature(signature), { encoding, maxSupportedTransactionVersion: 0 }).send()
      : kit(flags).getTransaction(toSignature(signature), { encoding, maxSupportedTransactionVersion: 0 }).send();
  for (const tx of transactions) {
    for (const encoding of tx.jsonServable ? (['jsonParsed', 'json'] as const) : (['jsonParsed'] as const)) {
      const plain = canon(await fetch('', tx.signature, encoding));
      for (const flags of flagSets) {
        const client = await fetch(flags, tx.signature, encoding);
        const { exact } = await gatewayAnswer(flags, 'getTransaction', [tx.signature, { encoding, maxSupportedTransactionVersion: 0 }]);
        assert.deepEqual(canon(client), canon(exact), `${tx.file} ${encoding} ${flags}: the client hands over the gateway's answer`);
        const { rest, added } = withoutAdditions(canon(client), plain);
        assert.deepEqual(rest, plain, `${tx.file} ${encoding} ${flags}: everything else is what the client gets without flags`);
        noteCoverage(`kit ${encoding}`, tx, added);
      }
    }
  }
  assertCovered('kit jsonParsed');
  assertCovered('kit json');
});

test("kit getMultipleAccounts: decoded data in jsonParsed, the node's answer otherwise, rentEpoch exact", async () => {
  const addresses = [...accountAddresses, missingAccount].map((a) => address(a));
  for (const flags of flagSets) {
    const parsed = await kit(flags).getMultipleAccounts(addresses, { encoding: 'jsonParsed' }).send();
    const { exact } = await gatewayAnswer(flags, 'getMultipleAccounts', [
      [...accountAddresses, missingAccount],
      { encoding: 'jsonParsed' },
    ]);
    assert.deepEqual(canon(parsed), canon(exact), flags);
    assert.ok(
      parsed.value.some((a) => a !== null && !Array.isArray(a.data)),
      'some corpus accounts are decoded',
    );
    // kit reads u64 as bigint: u64::MAX arrives exact (a double would canonicalise to a number).
    assert.ok(
      canon(parsed).value.some((a: any) => a?.rentEpoch === '18446744073709551615'),
      'u64::MAX arrives exact',
    );
    const plainParsed = canon(await kit().getMultipleAccounts(addresses, { encoding: 'jsonParsed' }).send());
    canon(parsed).value.forEach((account: any, i: number) => {
      const was = plainParsed.value[i];
      if (account === null || Array.isArray(account.data) || !Array.isArray(was.data)) {
        assert.deepEqual(account, was);
        return;
      }
      assert.equal(account.data.space, Buffer.from(was.data[0], 'base64').length);
      assert.deepEqual({ ...account, data: was.data }, was);
    });
    const base64 = await kit(flags).getMultipleAccounts(addresses, { encoding: 'base64' }).send();
    assert.deepEqual(
      base64,
      await kit().getMultipleAccounts(addresses, { encoding: 'base64' }).send(),
      `${flags}: base64 asked, base64 answered`,
    );
  }
});
