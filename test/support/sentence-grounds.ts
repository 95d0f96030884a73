/**
 * Reading a getTransaction result independently of src/actions, for the tests that judge
 * actionskit sentences against the transaction they describe: its entries and who invoked whom,
 * its signers, what moved under an entry and the balance changes, and the truth check every
 * sentence must pass (assertGrounded).
 */
import assert from 'node:assert/strict';

export interface RawEntry {
  raw: any;
  programId: string;
  group?: number;
  top: number;
  position?: number;
}

export function keysOf(result: any): string[] {
  const message = result.transaction.message;
  if (typeof message.accountKeys[0] === 'object') return message.accountKeys.map((k: any) => k.pubkey);
  const loaded = result.meta?.loadedAddresses ?? {};
  return [...message.accountKeys, ...(loaded.writable ?? []), ...(loaded.readonly ?? [])];
}

export function signersOf(result: any): Set<string> {
  const message = result.transaction.message;
  if (typeof message.accountKeys[0] === 'object')
    return new Set(message.accountKeys.filter((k: any) => k.signer).map((k: any) => k.pubkey));
  return new Set(message.accountKeys.slice(0, message.header.numRequiredSignatures));
}

export function entriesOf(result: any): RawEntry[] {
  const keys = keysOf(result);
  const id = (raw: any) => raw.programId ?? keys[raw.programIdIndex];
  const top = result.transaction.message.instructions.map((raw: any, i: number) => ({ raw, programId: id(raw), top: i }));
  const inner = (result.meta?.innerInstructions ?? []).flatMap((g: any) =>
    g.instructions.map((raw: any, j: number) => ({ raw, programId: id(raw), top: g.index, group: g.index, position: j })),
  );
  return [...top, ...inner];
}

/** The entries an entry invoked: its inner group (top-level) or the deeper entries after it. */
export function under(entries: RawEntry[], e: RawEntry): RawEntry[] {
  const group = entries.filter((x) => x.group === e.top);
  if (e.group === undefined) return group;
  const height = e.raw.stackHeight;
  if (typeof height !== 'number') return [];
  const out: RawEntry[] = [];
  for (const x of group.slice(e.position! + 1)) {
    if (typeof x.raw.stackHeight !== 'number' || x.raw.stackHeight <= height) break;
    out.push(x);
  }
  return out;
}

export const info = (e: RawEntry): Record<string, any> => e.raw.parsed?.info ?? {};
export const type = (e: RawEntry): string | undefined => e.raw.parsed?.type;
export const WSOL = 'So11111111111111111111111111111111111111112';
export const SYSTEM = '11111111111111111111111111111111';
export const supportedNatives = new Set([
  SYSTEM,
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
  'ComputeBudget111111111111111111111111111111',
]);
export const isToken = (id: string) =>
  id === 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' || id === 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

export function amountOf(i: Record<string, any>): bigint | undefined {
  const v = i.amount ?? i.tokenAmount?.amount ?? i.lamports;
  return v === undefined ? undefined : BigInt(v);
}

/** Every integer a sentence about `e` may print: its own fields, amounts moved under it and their sums, events, balance changes. */
export function groundedNumbers(result: any, entries: RawEntry[], e: RawEntry): Set<string> {
  const out = new Set<string>();
  const collect = (v: unknown): void => {
    if (typeof v === 'number' && Number.isInteger(v)) out.add(String(v));
    else if (typeof v === 'string' && /^\d+$/.test(v)) out.add(String(BigInt(v)));
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(collect);
  };
  collect(info(e));
  const sums = new Map<string, bigint>();
  for (const x of under(entries, e)) {
    collect(info(x));
    const i = info(x);
    const a = amountOf(i);
    if (a === undefined) continue;
    for (const key of [`s${i.source}`, `d${i.destination}`, `d${i.account}`, `a${i.authority}`]) sums.set(key, (sums.get(key) ?? 0n) + a);
    // What a wallet paid by transfers alone: the rent that set up its own accounts is no payment.
    if (/^transfer/.test(type(x) ?? '')) sums.set(`t${i.source}`, (sums.get(`t${i.source}`) ?? 0n) + a);
  }
  for (const v of sums.values()) out.add(String(v));
  // What an account kept of what moved through it under the entry (a router's fee taken back out of the output).
  for (const x of under(entries, e)) {
    const account = info(x).destination;
    const net = typeof account === 'string' ? keptUnder(under(entries, e), account) : 0n;
    if (net > 0n) out.add(String(net));
  }
  // Balance changes, and what an account kept.
  const keys = keysOf(result);
  for (const b of result.meta.postTokenBalances ?? []) {
    const d = balanceChange(result, keys[b.accountIndex])!;
    out.add(String(d < 0n ? -d : d));
    out.add(String(kept(result, entries, keys[b.accountIndex])));
  }
  return out;
}

/** The owner the answer's token balances give an account. */
export function ownerOf(result: any, account: string): string | undefined {
  const keys = keysOf(result);
  return [...(result.meta.postTokenBalances ?? []), ...(result.meta.preTokenBalances ?? [])].find((b) => keys[b.accountIndex] === account)
    ?.owner;
}

/** A token account's balance change over the transaction; undefined where it has no balance after. */
export function balanceChange(result: any, account: string): bigint | undefined {
  const keys = keysOf(result);
  const at = (list: any[] | undefined) => list?.find((b: any) => keys[b.accountIndex] === account)?.uiTokenAmount.amount;
  const post = at(result.meta.postTokenBalances);
  return post === undefined ? undefined : BigInt(post) - BigInt(at(result.meta.preTokenBalances) ?? 0);
}

/**
 * What a token account kept of what came in: its balance change plus what it sent on or burned (a
 * Token-2022 transfer fee makes that less than the transfer into it).
 */
export function kept(result: any, entries: RawEntry[], account: string): bigint | undefined {
  const change = balanceChange(result, account);
  if (change === undefined) return undefined;
  const sentOn = entries
    .filter(
      (x) =>
        isToken(x.programId) &&
        ((/^transfer/.test(type(x) ?? '') && info(x).source === account) || (/^burn/.test(type(x) ?? '') && info(x).account === account)),
    )
    .reduce((s, x) => s + (amountOf(info(x)) ?? 0n), 0n);
  return change + sentOn;
}

/** Token transfers among `moves` into `account` less those out of it. */
export function keptUnder(moves: RawEntry[], account: string): bigint {
  let net = 0n;
  for (const x of moves) {
    if (!isToken(x.programId) || !/^transfer/.test(type(x) ?? '')) continue;
    const amount = amountOf(info(x)) ?? 0n;
    if (info(x).destination === account) net += amount;
    if (info(x).source === account) net -= amount;
  }
  return net;
}

/** The integers a sentence states, leaving out quoted text (memos, token names) and addresses. */
export function numbersIn(sentence: string): string[] {
  return sentence
    .replace(/"(?:[^"\\]|\\.)*"/g, '')
    .split(/[\s,()#]+/)
    .filter((w) => /^\d+$/.test(w));
}

export const addressesIn = (sentence: string) => sentence.split(/[\s,()#]+/).filter((w) => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(w));

/** Accounts an instruction may act through: named authorities, owners, payers, users and the like. */
export const actingField =
  /authority|owner|user|wallet|payer|creator|source|signer|trader|bidder|buyer|seller|keeper|depositer|staker|base$|^account$|transferFrom|transferSolTo|claimant|delegate/i;

/**
 * The sentence of entry `k` of `result` states only what the transaction holds: its actor signed
 * or is the instruction's acting account, it says "failed" exactly when the transaction failed,
 * it ends with the program, every address is the transaction's, every number an argument, a
 * movement under the entry or a balance change, and every mint one that moved or the entry's own.
 * `parsedTwin` is the same transaction as jsonParsed (a json answer's numbers are grounded there).
 */
export function assertGrounded(result: any, parsedTwin: any, k: number, sentence: string, at: string): void {
  const entries = entriesOf(result);
  const twinEntries = entriesOf(parsedTwin);
  const e = entries[k];
  const twin = twinEntries[k];
  const text = JSON.stringify(result);
  const actor = sentence.slice(0, sentence.indexOf(' '));
  const namedActors = Object.entries(info(twin))
    .filter(([name]) => actingField.test(name))
    .map(([, v]) => v);
  const keys = keysOf(result);
  const rawAccounts = (e.raw.accounts ?? []).map((a: number | string) => (typeof a === 'number' ? keys[a] : a));
  assert.ok(
    signersOf(result).has(actor) || namedActors.includes(actor) || rawAccounts.includes(actor),
    `actor is a signer or the instruction's acting account: ${at}`,
  );
  const failed = result.meta.err !== null && result.meta.err !== undefined;
  assert.equal(sentence.includes(' failed to '), failed, `failure is stated exactly when the transaction failed: ${at}`);
  // A program no description or table names is called by its address, which the transaction holds.
  // Names start as their venues write them: a capital, a digit (1DEX) or lower case (marginfi, bloXroute, unstake.it).
  assert.match(
    sentence,
    / on (?:(?:[A-Z\d]|marginfi|bloXroute|unstake\.it)[\w .-]*|program [1-9A-HJ-NP-Za-km-z]{32,44})$/,
    `ends with the program: ${at}`,
  );
  for (const address of addressesIn(sentence))
    assert.ok(text.includes(`"${address}"`), `address from the transaction: ${address} in ${at}`);
  const grounded = groundedNumbers(parsedTwin, twinEntries, twin);
  // The program's name ends the sentence and may hold a version number ("Limit Order 2").
  for (const n of numbersIn(sentence.slice(0, sentence.lastIndexOf(' on '))))
    assert.ok(grounded.has(n), `amount ${n} is an argument, a movement under the instruction or a balance change: ${at}`);
  const mints = new Set([...(result.meta.preTokenBalances ?? []), ...(result.meta.postTokenBalances ?? [])].map((b: any) => b.mint));
  for (const m of sentence.matchAll(/ of ([1-9A-HJ-NP-Za-km-z]{32,44})/g)) {
    if (/(token|tokens|units|\d) of $/.test(sentence.slice(0, m.index + 4))) {
      assert.ok(
        mints.has(m[1]) || JSON.stringify(info(twin)).includes(m[1]) || JSON.stringify(under(twinEntries, twin).map(info)).includes(m[1]),
        `mint ${m[1]} moved or is the instruction's own: ${at}`,
      );
    }
  }
  assert.doesNotMatch(sentence.replace(/"(?:[^"\\]|\\.)*"/g, ''), /undefined|null|NaN|\[object/, at);
}
