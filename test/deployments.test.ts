/**
 * Programs deployed again at another address from the same source (idls/deployments.json): each is
 * read with every version of the program it was built from, under its own address. Sanctum runs
 * the SPL stake pool program at two addresses of its own; a mainnet withdrawal through one of them,
 * recorded by jowency-me/solana-tx-parser, must read as the SPL program's withdrawSol, its amount and
 * accounts what the transaction's balances show.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundledIdlDir, loadBundledRegistry } from '../src/idl/bundled.js';
import { knownSymbol } from '../src/actions/names.js';
import { summarizeTransaction } from '../src/actions/summarize.js';
import { enhancedResult } from './support/enhanced.js';
import { recordedAnswers } from './support/recorded-answer.js';
import { entriesOf, under } from './support/sentence-grounds.js';

const registry = loadBundledRegistry();
const SPL_STAKE_POOL = 'SPoo1Ku8WFXoNDMHPsrGSTSG1Y47rzgn41SLUNakuHy';
const SANCTUM_SINGLE = 'SP12tWFxD9oJsVWNavTTBZvMbA6gkAmxtVgxdqvyvhY';
const deployments = JSON.parse(readFileSync(join(bundledIdlDir, 'deployments.json'), 'utf8')) as Record<string, { of: string }>;

test('a deployment has every version of the program it was built from, under its own address', () => {
  assert.ok(Object.keys(deployments).length >= 2);
  for (const [programId, { of }] of Object.entries(deployments)) {
    const own = registry.versions(programId);
    const original = registry.versions(of);
    assert.ok(original.length > 0, `${of} is bundled`);
    assert.equal(own.length, original.length, programId);
    own.forEach((version, i) => {
      assert.equal(version.description.address, programId);
      assert.deepEqual(
        version.description.instructions.map((ix) => ix.name),
        original[i].description.instructions.map((ix) => ix.name),
      );
    });
  }
});

test("Sanctum's stake pool deployment: a recorded mainnet withdrawal reads as SPL's withdrawSol, as the instructions it ran show", () => {
  const { result } = recordedAnswers().find(({ where }) => where === 'jowency swap_sanctum_1.json')!;
  const answer = enhancedResult(result, registry);
  const entries = entriesOf(answer);
  const k = entries.findIndex((e) => e.programId === SANCTUM_SINGLE);
  assert.ok(k >= 0, 'the transaction calls Sanctum’s deployment');
  const { type, info } = entries[k].raw.parsed;
  assert.equal(type, 'withdrawSol');
  assert.equal(entries[k].raw.program, registry.versions(SPL_STAKE_POOL)[0].description.name);

  // The pool tokens withdrawn are burned but for the withdrawal fee, paid into the fee account it names.
  const ran = under(entries, entries[k]).map((e) => ({ type: e.raw.parsed?.type, ...e.raw.parsed?.info }));
  const burned = ran.filter((x) => x.type === 'burn' && x.account === info.burnPoolTokens && x.mint === info.poolTokenMint);
  const fee = ran.filter((x) => x.type === 'transferChecked' && x.source === info.burnPoolTokens && x.destination === info.feeTokenAccount);
  assert.equal(burned.length + fee.length, 2);
  assert.equal(BigInt(burned[0].amount) + BigInt(fee[0].tokenAmount.amount), BigInt(info.arg));
  // The SOL leaves the pool's reserve stake account for the account it names.
  const withdrawn = ran.filter((x) => x.type === 'withdraw' && x.stakeAccount === info.reserveStakeAccount);
  assert.equal(withdrawn.length, 1);
  assert.equal(withdrawn[0].destination, info.withdrawAccount);

  // The pool token (picoSOL) by the symbol the bundled table gives it, or else by its mint.
  const sentence = summarizeTransaction(answer)[k];
  const token = `(?:${knownSymbol(info.poolTokenMint) ?? '(?!)'}|of ${info.poolTokenMint})`;
  assert.match(sentence ?? '', new RegExp(`redeemed [\\d.]+ ${token} \\(${info.arg}\\) for .* on Sanctum Stake Pool$`));
});
