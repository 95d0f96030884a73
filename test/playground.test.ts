/**
 * The playground page in a real browser (Debian's Chromium driven by playwright-core) against a
 * real gateway: what the page shows must be what the gateway's own JSON-RPC answers.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { tokenTable } from '../src/actions/token-table.js';
import { projectRoot } from '../src/paths.js';
import { nodeParsedInstructionPrograms } from '../src/transaction-result/node-parsed.js';
import { answerText, post, rpc, tempDir } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';

/** Corpus items: a Jupiter route through Raydium, a Jupiter route that failed on slippage, a Whirlpool pool. */
const swap = '2NPwsoX7NyfarDBhGDrewJKdNccVS1X9dX2uWCtTMRamXhzXk8PHnGL25yneF5rmR7LPSXH8gKciSgPAe9nP7VU4';
const failedSwap = '2ysB2hp7qQYX67VUrZH6uMhPBk6Vrxo5QeBiup122XpX47RcZcgY9uAHvN2TJaAi9efBYGE9VsMzFyxo98k4qL15';
/** A Jupiter route through Raydium, Meteora DLMM and SolFi: a pump.fun mint, wrapped SOL, BONK and USDC. */
const route = 'rNMFZpBmbr6R8g4hStbC5qAictmWvGFQVTwQyXoCY6QDrcq9UV2QfHJ6oARNuS1VaUh3HVe799CDn44dWQReAye';
const pool = '56Ekyu6uBpTna3LR2qkjHjNbDNkCLWK2Lt3uWh7J2R8Z';
// A token account whose mint's decimals the ledger cannot know, so it stays base64 (the parsed ones
// render as fields).
const tokenAccount = '8KtYGCkMzMrP33od7b9E87VNjmd7Ft7T82RXpLbWy3yy';
const absentAccount = '11111111111111111111111111111112';

const artifacts = join(projectRoot, 'dist', 'test-artifacts');

let gw: InProcessGateway;
let browser: BrowserContext;
let page: Page;
const requested: string[] = [];
const pageErrors: string[] = [];

before(async () => {
  gw = await startInProcess();
  browser = await chromium.launchPersistentContext(tempDir(), {
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1200, height: 900 },
  });
  page = browser.pages()[0] ?? (await browser.newPage());
  page.on('request', (request) => requested.push(request.url()));
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

after(async () => {
  await browser?.close();
  await gw.stop();
});

const transactionBody = (signature: string) =>
  rpc('getTransaction', [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }]);

interface Entry {
  program?: string;
  programId: string;
  parsed?: { type: string; info: Record<string, unknown> } | string;
  data?: string;
  actions?: string;
  error?: { code: number; name: string; message: string };
}

/**
 * Instruction entries in the order an explorer lists them, each top-level one followed by its inner
 * ones, with the depth each is nested at: an inner instruction sits under the one that invoked it.
 */
function entriesInOrder(result: any): Array<Entry & { depth: number }> {
  const inner = new Map<number, Array<Entry & { stackHeight: number }>>(
    result.meta.innerInstructions.map((g: any) => [g.index, g.instructions]),
  );
  return result.transaction.message.instructions.flatMap((ix: Entry, i: number) => [
    { ...ix, depth: 0 },
    ...(inner.get(i) ?? []).map((e) => ({ ...e, depth: e.stackHeight - 1 })),
  ]);
}

/** What the page shows for each instruction, in document order (which is the tree's pre-order). */
function shownInstructions() {
  return page.$$eval('.ix', (items) =>
    items.map((item) => {
      const own = (selector: string) => item.querySelector(`:scope > ${selector}`)?.textContent ?? null;
      const fields = [...item.querySelectorAll(':scope > table.fields > tbody > tr')].map(
        (row) => [row.querySelector(':scope > th')!.textContent!, row.querySelector(':scope > td')!.textContent!] as const,
      );
      let depth = 0;
      for (let up = item.parentElement?.closest('li.ix'); up; up = up.parentElement?.closest('li.ix')) depth++;
      return {
        depth,
        program: own('.ix-head > .ix-program'),
        type: own('.ix-head > .ix-type'),
        actions: own('.ix-actions'),
        error: own('.ix-error'),
        data: item.querySelector(':scope > table.fields .ix-data')?.textContent ?? null,
        fields: Object.fromEntries(fields),
      };
    }),
  );
}

/** "+0.00203928" with 9 decimals → 2039280n: the amount the page displays, back in base units. */
function baseUnits(text: string, decimals: number): bigint {
  const [whole, fraction = ''] = text.replace(/^\+/, '').split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}

const shownBalances = (kind: 'sol' | 'tokens') =>
  page.$$eval(`table.balances.${kind} tbody tr`, (rows) =>
    rows.map((row) => [row.cells[0].textContent!, row.querySelector('.change')!.textContent!] as const),
  );

/** Clicks and waits for the page's call to the gateway and the rendering that follows it. */
async function whileAsking(action: () => Promise<void>) {
  await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), action()]);
  await page.waitForSelector('#submit:not([disabled])');
}

async function lookUp(input: string) {
  await page.fill('#input', input);
  await whileAsking(() => page.click('#submit'));
}

test('GET / serves the page with a same-origin-only policy; other GETs stay 405', async () => {
  const index = await fetch(`${gw.url}/`);
  assert.equal(index.status, 200);
  assert.equal(index.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.match(index.headers.get('content-security-policy')!, /^default-src 'self'(;|$)/);
  assert.doesNotMatch(index.headers.get('content-security-policy')!, /https?:|\*|unsafe/);
  assert.equal(index.headers.get('cache-control'), 'no-cache');
  const html = await index.text();
  assert.match(html, /src="playground\.js"/);
  assert.doesNotMatch(html, /https?:\/\//, 'the page references nothing outside this origin');

  const script = await fetch(`${gw.url}/playground.js`);
  assert.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.doesNotMatch(await script.text(), /innerHTML|outerHTML|insertAdjacentHTML|document\.write/, 'data reaches the DOM only as text');
  const style = await fetch(`${gw.url}/playground.css`);
  assert.equal(style.headers.get('content-type'), 'text/css; charset=utf-8');

  const symbols = await fetch(`${gw.url}/token-symbols.json`);
  assert.equal(symbols.headers.get('content-type'), 'application/json');
  assert.deepEqual(await symbols.json(), Object.fromEntries(tokenTable.map(([mint, symbol]) => [mint, symbol])));

  const again = await fetch(`${gw.url}/`, { headers: { 'if-none-match': index.headers.get('etag')! } });
  assert.equal(again.status, 304);

  for (const path of [`/${gw.key}`, '/index.html', '/playground', '/playground.js/x']) {
    const get = await fetch(gw.url + path);
    assert.equal(get.status, 405, `GET ${path}`);
    assert.equal(await get.text(), 'Used HTTP Method is not allowed. POST or OPTIONS is required');
  }
  const rpcAtRoot = await post(`${gw.url}/`, rpc('getHealth'));
  assert.equal(rpcAtRoot.status, 401, 'POST / is still the RPC endpoint');
});

test('a transaction: the instruction tree, decoded arguments, accounts, sentences and balance changes the gateway answers', async () => {
  const expected = JSON.parse(await answerText(gw, transactionBody(swap), '?actionskit=true')).result;
  const entries = entriesInOrder(expected);
  const decodedNonNative = entries.filter((e) => !nodeParsedInstructionPrograms.has(e.programId) && typeof e.parsed === 'object');
  assert.ok(
    decodedNonNative.length >= 3 && entries.some((e) => e.actions),
    'the chosen transaction has decoded non-native instructions and sentences',
  );

  await page.goto(`${gw.url}/`);
  await page.fill('#key', gw.key);
  await lookUp(swap);

  const shown = await shownInstructions();
  assert.equal(shown.length, entries.length, 'every top-level and inner instruction is listed');
  assert.deepEqual(
    shown.map((s) => s.depth),
    entries.map((e) => e.depth),
    'inner instructions nest under their caller',
  );
  assert.ok(
    entries.some((e) => e.depth === 2),
    'the transaction has instructions two levels down',
  );
  entries.forEach((entry, i) => {
    const item = shown[i];
    const where = `instruction ${i} (${entry.programId})`;
    assert.equal(item.program, entry.program ?? 'unknown program', where);
    assert.equal(item.type, typeof entry.parsed === 'object' ? entry.parsed.type : null, where);
    assert.equal(item.actions, entry.actions ?? null, where);
    if (typeof entry.parsed !== 'object') return;
    for (const [name, value] of Object.entries(entry.parsed.info)) {
      if (value === null || typeof value === 'object') continue;
      assert.ok(item.fields[name]?.startsWith(String(value)), `${where}: ${name} shows ${String(value)}, got ${item.fields[name]}`);
    }
  });

  const meta = expected.meta;
  const keys: string[] = expected.transaction.message.accountKeys.map((k: { pubkey: string }) => k.pubkey);
  const solChanges = new Map<string, bigint>();
  meta.preBalances.forEach((pre: number, i: number) => {
    const change = BigInt(meta.postBalances[i]) - BigInt(pre);
    if (change !== 0n) solChanges.set(keys[i], change);
  });
  const shownSol = await shownBalances('sol');
  assert.deepEqual(new Map(shownSol.map(([account, change]) => [account, baseUnits(change, 9)])), solChanges);

  const tokenChanges = new Map<string, bigint>();
  const decimals = new Map<string, number>();
  for (const [sign, list] of [
    [-1n, meta.preTokenBalances],
    [1n, meta.postTokenBalances],
  ] as const) {
    for (const b of list) {
      const account = keys[b.accountIndex];
      tokenChanges.set(account, (tokenChanges.get(account) ?? 0n) + sign * BigInt(b.uiTokenAmount.amount));
      decimals.set(account, b.uiTokenAmount.decimals);
    }
  }
  for (const [account, change] of tokenChanges) if (change === 0n) tokenChanges.delete(account);
  assert.ok(tokenChanges.size > 0);
  const shownTokens = await shownBalances('tokens');
  assert.deepEqual(new Map(shownTokens.map(([account, change]) => [account, baseUnits(change, decimals.get(account)!)])), tokenChanges);

  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, 'playground.png'), fullPage: true });
});

test('the raw view shows the standard node answer: undecoded data, no sentences, the answer itself', async () => {
  const raw = await answerText(gw, transactionBody(swap));
  const entries = entriesInOrder(JSON.parse(raw).result);
  assert.ok(entries.some((e) => e.data !== undefined && !nodeParsedInstructionPrograms.has(e.programId)));

  await whileAsking(() => page.check('input[name="view"][value="raw"]'));
  const shown = await shownInstructions();
  assert.equal(shown.length, entries.length);
  entries.forEach((entry, i) => {
    assert.equal(shown[i].data, entry.data ?? null, `instruction ${i}: the raw data`);
    assert.equal(
      shown[i].type,
      typeof entry.parsed === 'object' ? entry.parsed.type : null,
      `instruction ${i}: only the node's own parsing`,
    );
    assert.equal(shown[i].actions, null);
  });
  const answerShown = await page.textContent('details.json pre.answer');
  assert.deepEqual(JSON.parse(answerShown!), JSON.parse(raw), 'the JSON shown is the raw answer');

  await page.check('input[name="view"][value="parsed"]');
  await page.waitForSelector('.ix-actions');
});

/**
 * What a person sees a transaction change, from its own balances: each account's SOL where it is
 * not a token account (their rent shows by account), and per owner and mint the sum of its token
 * accounts' changes; keyed `<owner> <asset>`, the asset named by the token table's symbol.
 */
function changesPerOwner(result: any): Map<string, { change: bigint; decimals: number }> {
  const symbols = new Map(tokenTable.map(([mint, symbol]) => [mint, symbol]));
  const meta = result.meta;
  const keys: string[] = result.transaction.message.accountKeys.map((k: { pubkey: string }) => k.pubkey);
  const out = new Map<string, { change: bigint; decimals: number }>();
  const add = (key: string, change: bigint, decimals: number) => out.set(key, { change: (out.get(key)?.change ?? 0n) + change, decimals });
  const balances = [...meta.preTokenBalances, ...meta.postTokenBalances];
  meta.preBalances.forEach((pre: number, i: number) => {
    if (!balances.some((b: any) => b.accountIndex === i)) add(`${keys[i]} SOL`, BigInt(meta.postBalances[i]) - BigInt(pre), 9);
  });
  for (const b of balances) {
    const asset = b.mint === 'So11111111111111111111111111111111111111112' ? 'wrapped SOL' : (symbols.get(b.mint) ?? b.mint);
    const sign = meta.postTokenBalances.includes(b) ? 1n : -1n;
    add(`${b.owner} ${asset}`, sign * BigInt(b.uiTokenAmount.amount), b.uiTokenAmount.decimals);
  }
  for (const [key, { change }] of out) if (change === 0n) out.delete(key);
  return out;
}

test('first what happened: every sentence in order, then the balance changes per owner as the balances give them, then the instructions', async () => {
  const expected = JSON.parse(await answerText(gw, transactionBody(route), '?actionskit=true')).result;
  await lookUp(route);
  const headings = await page.$$eval('#result > h2', (hs) => hs.map((h) => h.textContent));
  assert.deepEqual(headings.slice(1), ['What happened', 'Balance changes', 'Instructions']);

  const sentences = await page.$$eval('ol.sentences > li', (items) =>
    items.map((li) => {
      const target = li.querySelector('a')!.getAttribute('href')!.slice(1);
      return {
        text: li.querySelector('.sentence')!.textContent,
        atTarget: li.ownerDocument.getElementById(target)?.querySelector(':scope > .ix-actions')?.textContent,
      };
    }),
  );
  const actions = entriesInOrder(expected)
    .map((e) => e.actions)
    .filter((a) => a !== undefined);
  assert.ok(actions.length >= 8);
  assert.deepEqual(
    sentences.map((s) => s.text),
    actions,
    "each instruction's sentence, in the tree's order",
  );
  for (const s of sentences) assert.equal(s.atTarget, s.text, 'each links to its own instruction');

  const shown = await page.$$eval('table.owners > tbody', (groups) =>
    groups.flatMap((group) => {
      const owner = group.querySelector('th.owner .mono')!.textContent;
      return [...group.rows].map((row) => [
        `${owner} ${row.querySelector('.asset')!.textContent}`,
        row.querySelector('.change')!.textContent!,
      ]);
    }),
  );
  const changes = changesPerOwner(expected);
  assert.deepEqual(
    new Map(shown.map(([key, change]) => [key, baseUnits(change, changes.get(key)?.decimals ?? 0)])),
    new Map([...changes].map(([key, { change }]) => [key, change])),
  );
  const feePayer = expected.transaction.message.accountKeys[0].pubkey;
  assert.ok(shown[0][0].startsWith(feePayer), 'the fee payer comes first');
  assert.ok(
    ['USDC', 'BONK', 'wrapped SOL', 'SOL'].every((asset) => shown.some(([key]) => key.endsWith(` ${asset}`))),
    'table symbols, wrapped and native SOL are named',
  );
  assert.ok(
    shown.some(([key]) => key.endsWith(' CMjfdovtzmgRsnhE1cCzdwDFGKt1UzZB4oCGQchQpump')),
    'a mint without a symbol by its address',
  );

  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, 'playground-route.png'), fullPage: true });
});

test('an instruction that failed shows the program error the gateway names', async () => {
  const expected = JSON.parse(await answerText(gw, transactionBody(failedSwap), '?actionskit=true')).result;
  const index = expected.transaction.message.instructions.findIndex((ix: Entry) => ix.error);
  assert.ok(index >= 0, 'the gateway names the error');
  const error = expected.transaction.message.instructions[index].error;

  await lookUp(failedSwap);
  const errors = await page.$$eval('ol.instructions:not(.inner) > li.ix', (items) =>
    items.map((item) => item.querySelector(':scope > .ix-error')?.textContent ?? null),
  );
  assert.equal(errors.filter((e) => e !== null).length, 1);
  assert.ok(
    errors[index]?.includes(error.name) && errors[index]!.includes(error.message) && errors[index]!.includes(String(error.code)),
    errors[index] ?? 'no error shown',
  );
});

test('accounts: decoded fields, undecoded data and absent accounts as getMultipleAccounts answers', async () => {
  const addresses = [pool, tokenAccount, absentAccount];
  const expected = JSON.parse(
    await answerText(gw, rpc('getMultipleAccounts', [addresses, { encoding: 'jsonParsed' }]), '?explorerkit=true'),
  ).result.value;
  assert.ok(expected[0].data.parsed, 'the pool decodes');

  await lookUp(addresses.join(', '));
  const cards = await page.$$eval('article.account', (items) =>
    items.map((item) => ({
      address: item.querySelector('h3')!.textContent,
      program: item.querySelector('.ix-program')?.textContent ?? null,
      type: item.querySelector('.ix-type')?.textContent ?? null,
      fields: Object.fromEntries(
        [...item.querySelectorAll('table.decoded > tbody > tr')].map((row) => [
          row.querySelector(':scope > th')!.textContent!,
          row.querySelector(':scope > td')!.textContent!,
        ]),
      ),
      data: item.querySelector('.account-data')?.textContent ?? null,
      missing: item.classList.contains('missing'),
    })),
  );
  assert.deepEqual(
    cards.map((c) => c.address),
    addresses,
  );

  const decoded = expected[0].data;
  assert.equal(cards[0].program, decoded.program);
  assert.equal(cards[0].type, decoded.parsed.type);
  let scalars = 0;
  for (const [name, value] of Object.entries(decoded.parsed.info)) {
    if (value === null || typeof value === 'object') continue;
    scalars++;
    assert.equal(cards[0].fields[name], String(value), name);
  }
  assert.ok(scalars > 5);
  assert.equal(cards[1].data, expected[1].data[0], 'an account that does not decode shows its data as the node sent it');
  assert.equal(expected[2], null);
  assert.ok(cards[2].missing);
});

test("the key is kept in localStorage; a refused key shows the gateway's own error", async () => {
  await page.reload();
  assert.equal(await page.inputValue('#key'), gw.key);

  const wrongKey = 'erpc_' + 'A'.repeat(43);
  const refusal = JSON.parse((await post(`${gw.url}/${wrongKey}?actionskit=true`, transactionBody(swap))).text).error;
  await page.fill('#key', wrongKey);
  await lookUp(swap);
  const status = await page.textContent('#status.failure');
  assert.ok(status?.includes(refusal.message), status ?? 'no failure shown');
  assert.equal(await page.$$eval('#result > *', (children) => children.length), 0);

  const origin = new URL(gw.url).origin;
  assert.ok(requested.length > 0 && requested.every((url) => url.startsWith(origin + '/')), 'the page asked nothing of any other origin');
  assert.deepEqual(pageErrors, [], 'the page threw nothing');
});
