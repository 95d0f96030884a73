/**
 * The venue table (src/actions/venue-names.ts) names programs no bundled description covers. On
 * jowency-me/solana-tx-parser's recorded April-2026 mainnet transactions, legs that Jupiter and OKX
 * routes make through those venues are told with the venue's name, never its bare address; and the
 * table never stands in front of a description's own name.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { VENUE_NAMES } from '../src/actions/venue-names.js';
import { programName } from '../src/actions/phrases.js';
import { decodeBase58 } from '../src/codec/base58.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { enhanceTransaction } from '../src/enhance/transaction.js';
import { projectRoot } from '../src/paths.js';
import { jowencyAnswer } from './support/recorded-answer.js';

const registry = loadBundledRegistry();
const recordedDir = join(projectRoot, 'test', 'fixtures', 'jowency-solana-tx-parser');

interface Said {
  file: string;
  programId: string;
  actions: string;
}

/** Every sentence the actionskit answer gives, with the program of its instruction entry. */
function sentencesOf(file: string): Said[] {
  const text = JSON.stringify({ jsonrpc: '2.0', result: jowencyAnswer(file), id: 1 });
  const answer = JSON.parse(enhanceTransaction(text, registry, true)).result;
  const entries: any[] = [
    ...answer.transaction.message.instructions,
    ...(answer.meta.innerInstructions ?? []).flatMap((group: any) => group.instructions),
  ];
  return entries
    .filter((entry) => typeof entry.actions === 'string')
    .map((entry) => ({ file, programId: entry.programId, actions: entry.actions }));
}

const said = readdirSync(recordedDir)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .flatMap(sentencesOf);

test('recorded routes: legs through a named venue end with its name', () => {
  const legs = said.filter((s) => VENUE_NAMES[s.programId] !== undefined);
  // The 34 legs of April 2026 that ended "on program <address>" before the table existed.
  assert.ok(legs.length >= 34, `only ${legs.length} legs through named venues`);
  for (const leg of legs) {
    assert.ok(leg.actions.endsWith(` on ${VENUE_NAMES[leg.programId]}`), `${leg.file}: ${leg.actions}`);
  }
  const named = new Set(legs.map((leg) => VENUE_NAMES[leg.programId]));
  for (const venue of ['HumidiFi', 'BisonFi', 'GoonFi V2', 'TesseraV', 'AlphaQ', 'ZeroFi', 'SolFi V2', 'Scorch']) {
    assert.ok(named.has(venue), `no recorded leg through ${venue}`);
  }
});

test('recorded routes: no sentence names a table venue by its address', () => {
  for (const s of said) {
    const address = / on program (\w+)$/.exec(s.actions)?.[1];
    assert.ok(address === undefined || VENUE_NAMES[address] === undefined, `${s.file}: ${s.actions}`);
  }
});

test('the table holds no described program, only 32-byte addresses, and names each venue once', () => {
  assert.ok(Object.isFrozen(VENUE_NAMES));
  const names = Object.values(VENUE_NAMES);
  assert.equal(new Set(names).size, names.length, 'a name is given twice');
  for (const [id, name] of Object.entries(VENUE_NAMES)) {
    assert.equal(registry.versions(id).length, 0, `${id} (${name}) has a bundled description`);
    assert.equal(decodeBase58(id)?.length, 32, `${id} is not a 32-byte address`);
    assert.match(name, /^\S(.*\S)?$/, `${id}: name "${name}"`);
  }
});

test("a description's own name comes before the table's", () => {
  const [id, name] = Object.entries(VENUE_NAMES)[0];
  assert.equal(programName(id), name);
  assert.equal(programName(id, 'prop_amm'), 'Prop Amm');
  assert.equal(programName(id, 'not an identifier'), name);
});

test('every bundled program is told by a name of its own, not its IDL identifier when that is a common word', () => {
  // Programs that share a name are one protocol's: two deployments of Jupiter's router, of SAGE and
  // of Raydium's CPMM (its devnet build runs on mainnet too), and Tensor's marketplace, whose swap,
  // bid and trade programs people know as one.
  const oneProtocol = new Set(['Jupiter', 'Tensor', 'Star Atlas SAGE', 'Raydium CPMM']);
  const byName = new Map<string, string[]>();
  for (const id of registry.programIds) {
    const description = registry.get(id)?.description;
    if (description === undefined) continue;
    const name = programName(id, description.name);
    byName.set(name, [...(byName.get(name) ?? []), id]);
    assert.doesNotMatch(name, /^program /, `${id} (${description.name}) is told by its address`);
  }
  for (const [name, ids] of byName) assert.ok(ids.length === 1 || oneProtocol.has(name), `${ids.join(', ')} are all told as ${name}`);
  for (const word of ['Vault', 'Vaults', 'Farms', 'Lending', 'Referral', 'Scope', 'Zap', 'Locker', 'Amm V3', 'Dex', 'Name', 'Mmm']) {
    assert.equal(byName.get(word), undefined, `${byName.get(word)} told as "${word}"`);
  }
});
