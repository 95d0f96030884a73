/**
 * explorerkit through the running gateway on the corpus: decoded instructions and accounts come
 * back parsed, and everything not decoded is byte-identical to the standard answer.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusAccountsDir, corpusTransactionsDir } from '../src/paths.js';
import { findPathSpans } from '../src/json/path-spans.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { nodeParsedAccountOwners, nodeParsedInstructionPrograms } from '../src/transaction-result/node-parsed.js';
import { camelCase } from '../src/decode/names.js';
import { accountKeysOf } from '../src/transaction-result/read.js';
import { answerText, post, rpc } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';

let gw: InProcessGateway;
before(async () => {
  gw = await startInProcess();
});
after(() => gw.stop());

const registry = loadBundledRegistry();
const ask = (body: object, flags = '') => answerText(gw, body, flags);

const transactions = readdirSync(corpusTransactionsDir)
  .map((f) => /^(\w+)\.(json|jsonParsed|base64)\.json$/.exec(f))
  .filter((m): m is RegExpExecArray => m !== null);

const instructionPaths = [
  ['result', 'transaction', 'message', 'instructions', '*'],
  ['result', 'meta', 'innerInstructions', '*', 'instructions', '*'],
];
const instructionTexts = (text: string) =>
  findPathSpans(text, instructionPaths)
    .flat()
    .sort((a, b) => a.start - b.start)
    .map((s) => text.slice(s.start, s.end));

const stats = { nonNative: 0, withIdl: 0, parsed: 0, events: 0, undecoded: [] as string[] };

test('getTransaction: non-native instructions come back parsed, the rest byte for byte', async () => {
  for (const [file, signature, stored] of transactions) {
    for (const encoding of stored === 'base64' ? ['json', 'jsonParsed'] : [stored]) {
      const params = [signature, { encoding, maxSupportedTransactionVersion: 0 }];
      const standard = await ask(rpc('getTransaction', params));
      const enhanced = await ask(rpc('getTransaction', params), '?explorerkit=true');
      const before = instructionTexts(standard);
      const after = instructionTexts(enhanced);
      assert.equal(after.length, before.length, file);
      const keys = accountKeysOf(JSON.parse(standard).result);
      before.forEach((original, i) => {
        const was = JSON.parse(original);
        const now = JSON.parse(after[i]);
        const programId = was.programId ?? keys[was.programIdIndex];
        if (now.parsed === undefined || was.parsed !== undefined) {
          // A failing instruction may gain only an `error` member after the node's own bytes.
          const expected = now.error === undefined ? original : `${original.slice(0, -1)},"error":${JSON.stringify(now.error)}}`;
          assert.equal(after[i], expected, `${file}: an entry we did not decode must keep the node's bytes`);
        }
        if (was.parsed !== undefined || nodeParsedInstructionPrograms.has(programId)) return;
        stats.nonNative++;
        if (!registry.get(programId)) return;
        stats.withIdl++;
        if (now.parsed === undefined) {
          stats.undecoded.push(`${file} ${encoding} #${i} ${programId}`);
          return;
        }
        stats.parsed++;
        const versions = registry.versions(programId).map((v) => v.description);
        assert.ok(
          versions.some((d) => d.name === now.program),
          `${file}: ${now.program}`,
        );
        assert.equal(typeof now.parsed.type, 'string');
        if (was.programId !== undefined) {
          const members = ['parsed', 'program', 'programId', 'stackHeight', 'error'].filter(
            (k) => (k !== 'stackHeight' || 'stackHeight' in was) && (k !== 'error' || 'error' in now),
          );
          assert.deepEqual(Object.keys(now), members);
          assert.equal(now.stackHeight, was.stackHeight);
        } else {
          for (const key of Object.keys(was)) assert.deepEqual(now[key], was[key], `${file}: compiled members stay`);
        }
        if (versions.some((d) => d.events.some((e) => e.name === now.parsed.type))) {
          stats.events++;
          return;
        }
        assert.ok(
          versions.some((d) => d.instructions.some((ix) => camelCase(ix.name) === now.parsed.type)),
          `${file}: ${now.parsed.type}`,
        );
        const accounts: string[] = was.programId !== undefined ? was.accounts : was.accounts.map((k: number) => keys[k]);
        const named = Object.values(now.parsed.info).filter((v) => typeof v === 'string' && accounts.includes(v));
        const remaining: string[] = now.parsed.info.remainingAccounts ?? [];
        assert.ok(named.length + remaining.length > 0 || accounts.length === 0, `${file}: accounts appear in info`);
      });
    }
  }
  assert.ok(stats.parsed > 0);
  console.log(
    `explorerkit over the corpus: ${stats.nonNative} non-native instruction entries, ${stats.withIdl} with a bundled IDL, ${stats.parsed} parsed (${stats.events} of them Anchor events)`,
  );
  if (stats.undecoded.length) console.log('not decoded despite an IDL:\n  ' + stats.undecoded.join('\n  '));
});

test("getTransaction with explorerkit and no encoding answers json, the node's default; binary encodings stay unchanged", async () => {
  const [, signature] = transactions.find((m) => m[2] === 'base64')!;
  const unnamed = await ask(rpc('getTransaction', [signature, { maxSupportedTransactionVersion: 0 }]), '?explorerkit=true');
  assert.equal(
    unnamed,
    await ask(rpc('getTransaction', [signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }]), '?explorerkit=true'),
  );
  assert.equal(typeof JSON.parse(unnamed).result.transaction.message.accountKeys[0], 'string');
  for (const encoding of ['base64', 'base58']) {
    const params = [signature, { encoding, maxSupportedTransactionVersion: 0 }];
    assert.equal(await ask(rpc('getTransaction', params), '?explorerkit=true'), await ask(rpc('getTransaction', params)));
  }
});

const accounts = readdirSync(corpusAccountsDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ address: f.slice(0, -5), owner: JSON.parse(readFileSync(join(corpusAccountsDir, f), 'utf8')).owner as string }));

test('getMultipleAccounts in jsonParsed: accounts of programs with an IDL come back parsed, the rest as the node gave them', async () => {
  const addresses = accounts.map((a) => a.address);
  const standard = JSON.parse(await ask(rpc('getMultipleAccounts', [addresses, { encoding: 'jsonParsed' }])));
  const enhancedText = await ask(rpc('getMultipleAccounts', [addresses, { encoding: 'jsonParsed' }]), '?explorerkit=true');
  const enhanced = JSON.parse(enhancedText);
  assert.match(enhancedText, /"rentEpoch":18446744073709551615/);
  let parsed = 0;
  accounts.forEach(({ owner }, i) => {
    const was = standard.result.value[i];
    const now = enhanced.result.value[i];
    const decodable = !nodeParsedAccountOwners.has(owner) && registry.get(owner)?.decodeAccount(Buffer.from(was.data[0], 'base64'));
    if (decodable) {
      parsed++;
      assert.equal(now.data.program, registry.get(owner)!.description.name);
      assert.equal(now.data.space, was.space);
      assert.equal(typeof now.data.parsed.type, 'string');
      assert.deepEqual({ ...now, data: was.data }, was);
    } else {
      assert.deepEqual(now, was);
    }
  });
  assert.ok(parsed > 0, 'some corpus accounts belong to programs with IDLs');
});

test('getMultipleAccounts in binary encodings: explorerkit answers as the node does (clients parse those shapes)', async () => {
  const all = [accounts.map((a) => a.address), { encoding: 'base64' }];
  assert.equal(await ask(rpc('getMultipleAccounts', all), '?explorerkit=true'), await ask(rpc('getMultipleAccounts', all)));
  const mint = accounts.find(
    (a) =>
      a.owner === 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' &&
      JSON.parse(readFileSync(join(corpusAccountsDir, `${a.address}.json`), 'utf8')).space === 82,
  )!;
  const params = [[mint.address], { encoding: 'base58' }];
  assert.equal(await ask(rpc('getMultipleAccounts', params), '?explorerkit=true'), await ask(rpc('getMultipleAccounts', params)));
});

test('custom program errors are named on the failing instruction; meta.err stays as the node wrote it', async () => {
  let named = 0;
  for (const [file, signature, stored] of transactions) {
    const raw = JSON.parse(readFileSync(join(corpusTransactionsDir, file), 'utf8'));
    const failure = raw.meta?.err?.InstructionError;
    if (!Array.isArray(failure) || typeof failure[1]?.Custom !== 'number') continue;
    const [index, { Custom: code }] = failure;
    const failedLog = [...raw.meta.logMessages].reverse().find((l: string) => / failed: custom program error: 0x/.test(l));
    const programId = /^Program (\w+) failed/.exec(failedLog)![1];
    const description = registry.get(programId)?.description;
    const expected = description?.errors.find((e) => e.code === code);
    const encoding = stored === 'base64' ? 'json' : stored;
    const enhanced = JSON.parse(
      await ask(rpc('getTransaction', [signature, { encoding, maxSupportedTransactionVersion: 0 }]), '?explorerkit=true'),
    ).result;
    assert.deepEqual(enhanced.meta.err, raw.meta.err, file);
    const entry = enhanced.transaction.message.instructions[index];
    if (!expected) {
      if (code < 6000 && description?.dialect.startsWith('anchor')) assert.equal(entry.error?.code, code, file);
      else assert.equal(entry.error, undefined, `${file}: no name is invented for an unknown error`);
      continue;
    }
    named++;
    assert.deepEqual(
      { code: entry.error.code, name: entry.error.name, programId: entry.error.programId },
      { code, name: expected.name, programId },
      file,
    );
  }
  assert.ok(named > 0, 'the corpus has failed transactions with named custom errors');
});

test('decoding in worker threads and on the main thread gives the same bytes', async () => {
  const inline = await startInProcess({ workers: 0 });
  const pooled = await startInProcess({ workers: 2 });
  try {
    let checked = 0;
    for (const [, signature, stored] of transactions) {
      const body = rpc('getTransaction', [
        signature,
        { encoding: stored === 'base64' ? 'json' : stored, maxSupportedTransactionVersion: 0 },
      ]);
      const a = await post(`${inline.url}/${inline.key}?explorerkit=true`, body);
      const b = await post(`${pooled.url}/${pooled.key}?explorerkit=true`, body);
      assert.equal(b.text, a.text, signature);
      checked++;
    }
    // All corpus accounts make an answer above the inline threshold: it is decoded in a worker.
    const all = rpc('getMultipleAccounts', [accounts.map((a) => a.address), { encoding: 'jsonParsed' }]);
    const pooledAccounts = await post(`${pooled.url}/${pooled.key}?explorerkit=true`, all);
    assert.match(pooledAccounts.text, /"parsed":/);
    assert.equal(pooledAccounts.text, (await post(`${inline.url}/${inline.key}?explorerkit=true`, all)).text);
    assert.ok(checked > 100);
  } finally {
    await Promise.all([inline.stop(), pooled.stop()]);
  }
});
