// The playground page: asks this gateway's JSON-RPC and draws the answer the way an explorer does.
// Every piece of data reaches the DOM through text nodes, never as markup.

const keyStorage = 'enhanced-rpc.apiKey';
const form = document.getElementById('query');
const keyInput = document.getElementById('key');
const queryInput = document.getElementById('input');
const submitButton = document.getElementById('submit');
const statusLine = document.getElementById('status');
const resultArea = document.getElementById('result');

/** Token symbols by mint, as actionskit writes them; a failed fetch leaves mints unnamed, nothing else. */
const symbolsReady = fetch('token-symbols.json')
  .then((response) => (response.ok ? response.json() : {}))
  .catch(() => ({}))
  .then((table) => new Map(Object.entries(table)));

/** Answers to the current query, by view, so toggling the view asks the gateway only once. */
const answers = new Map();
let current = null;

keyInput.value = localStorage.getItem(keyStorage) ?? '';
keyInput.addEventListener('change', () => localStorage.setItem(keyStorage, keyInput.value.trim()));

form.addEventListener('submit', (event) => {
  event.preventDefault();
  localStorage.setItem(keyStorage, keyInput.value.trim());
  const query = readQuery(queryInput.value);
  if (typeof query === 'string') return showFailure(query);
  answers.clear();
  current = query;
  show();
});

for (const radio of form.elements.view) radio.addEventListener('change', () => current && show());

const selectedView = () => form.elements.view.value;

/** One long token is a signature (64 bytes in base58); anything else is a list of addresses. */
function readQuery(text) {
  const tokens = text.split(/[\s,]+/).filter(Boolean);
  if (tokens.length === 0) return 'Enter a transaction signature or one or more account addresses.';
  if (tokens.length === 1 && tokens[0].length > 44) {
    return {
      kind: 'transaction',
      method: 'getTransaction',
      params: [tokens[0], { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }],
    };
  }
  if (tokens.some((t) => t.length > 44)) return 'Look up one transaction signature at a time, or only account addresses.';
  return { kind: 'accounts', method: 'getMultipleAccounts', params: [tokens, { encoding: 'jsonParsed' }] };
}

/** Parsed asks with actionskit (which turns explorerkit on); raw is the standard node's answer. */
const flagsFor = (view) => (view === 'parsed' ? '?actionskit=true' : '');

async function show() {
  const view = selectedView();
  const query = current;
  submitButton.disabled = true;
  statusLine.className = '';
  statusLine.textContent = 'Asking the gateway…';
  try {
    const answer = answers.get(view) ?? (await call(query, flagsFor(view)));
    const symbols = await symbolsReady;
    if (query !== current) return;
    answers.set(view, answer);
    if (view !== selectedView()) return;
    statusLine.textContent = '';
    resultArea.replaceChildren(...render(query, view, answer, symbols));
  } catch (error) {
    if (query === current) showFailure(error.message);
  } finally {
    submitButton.disabled = false;
  }
}

function showFailure(message) {
  statusLine.className = 'failure';
  statusLine.textContent = message;
  resultArea.replaceChildren();
}

async function call(query, flags) {
  const key = keyInput.value.trim();
  if (key === '') throw new Error('Enter an API key.');
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: query.method, params: query.params });
  let response;
  try {
    response = await fetch(encodeURIComponent(key) + flags, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  } catch (error) {
    throw new Error('The gateway did not answer: ' + error.message);
  }
  const text = await response.text();
  let parsed;
  try {
    parsed = parseLossless(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not one answer');
  } catch {
    throw new Error(`The gateway answered HTTP ${response.status} with something other than JSON.`);
  }
  if (parsed.error) throw new Error(`${parsed.error.message} (JSON-RPC error ${parsed.error.code}, HTTP ${response.status})`);
  return { text, result: parsed.result, flags, body };
}

/** u64 values beyond 2^53 (lamports, rentEpoch) keep their exact digits as strings. */
function parseLossless(text) {
  return JSON.parse(text, (_key, value, context) =>
    typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value) && context?.source ? context.source : value,
  );
}

// ---------- DOM helpers ----------

/** Builds an element; strings among the children become text nodes. */
function el(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

const mono = (text) => el('span', 'mono', String(text));

function table(className, rows) {
  return el(
    'table',
    className,
    el(
      'tbody',
      null,
      rows.map(([name, ...cells]) =>
        el(
          'tr',
          null,
          el('th', null, name),
          cells.map((cell) => el('td', null, cell)),
        ),
      ),
    ),
  );
}

/** Any decoded value: scalars as text, arrays of scalars on one line, structures as nested tables. */
function value(v) {
  if (v === null) return el('span', 'null', 'null');
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== 'object')) return mono('[' + v.map(String).join(', ') + ']');
    return el(
      'ol',
      'list',
      v.map((x) => el('li', null, value(x))),
    );
  }
  if (typeof v === 'object')
    return table(
      'nested',
      Object.entries(v).map(([k, x]) => [k, value(x)]),
    );
  return mono(v);
}

/** Exact decimal text of an integer amount in base units. */
function units(amount, decimals) {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return (negative ? '-' : '') + whole + (fraction ? '.' + fraction : '');
}

const signed = (amount, decimals) => (amount > 0n ? '+' : '') + units(amount, decimals);

/** Re-indents JSON text without parsing it, so the answer is shown digit for digit. */
function indentJson(text) {
  let out = '';
  let depth = 0;
  const newline = () => '\n' + '  '.repeat(depth);
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out += text.slice(i, end + 1);
      i = end;
    } else if (c === '{' || c === '[') {
      if (text[i + 1] === '}' || text[i + 1] === ']') {
        out += c + text[++i];
      } else {
        depth++;
        out += c + newline();
      }
    } else if (c === '}' || c === ']') {
      depth--;
      out += newline() + c;
    } else if (c === ',') out += ',' + newline();
    else if (c === ':') out += ': ';
    else if (!/\s/.test(c)) out += c;
  }
  return out;
}

function requestDetails(answer) {
  const url = new URL('%3Capi_key%3E' + answer.flags, location.href);
  const curl = `curl -s '${decodeURI(url.href)}' -H 'content-type: application/json' -d '${answer.body}'`;
  return el(
    'details',
    'json',
    el('summary', null, 'Request and JSON answer'),
    el('pre', 'request', curl),
    el('pre', 'answer', indentJson(answer.text)),
  );
}

// ---------- rendering ----------

function render(query, view, answer, symbols) {
  const body =
    query.kind === 'transaction' ? renderTransaction(answer.result, view, symbols) : renderAccounts(query.params[0], answer.result, view);
  return [...body, requestDetails(answer)];
}

/**
 * Read top-down as people read a transaction: what happened (the sentences), who gained and lost
 * what, then how (the instruction tree with its arguments), then the raw balances and logs.
 */
function renderTransaction(tx, view, symbols) {
  if (tx === null) return [el('p', 'empty', 'Transaction not found.')];
  const keys = tx.transaction.message.accountKeys.map((k) => (typeof k === 'string' ? { pubkey: k } : k));
  const accountFlags = new Map(keys.map((k) => [k.pubkey, k]));
  const meta = tx.meta ?? {};
  const failed = meta.err !== null && meta.err !== undefined;
  const failedAt = Array.isArray(meta.err?.InstructionError) ? ` at instruction #${meta.err.InstructionError[0] + 1}` : '';
  const summary = table('summary', [
    ['Signature', mono(tx.transaction.signatures[0])],
    ['Result', failed ? el('span', 'bad', `Failed${failedAt}: ${JSON.stringify(meta.err)}`) : el('span', 'good', 'Success')],
    ['Slot', mono(tx.slot)],
    ['Block time', tx.blockTime ? new Date(tx.blockTime * 1000).toISOString() : 'unknown'],
    ['Fee', mono(units(BigInt(meta.fee ?? 0), 9) + ' SOL')],
    ['Compute units', mono(meta.computeUnitsConsumed ?? 'unknown')],
    ['Version', mono(tx.version ?? 'legacy')],
  ]);
  const tree = instructionTree(tx);
  return [
    el(
      'h2',
      null,
      'Transaction ',
      el('span', 'view-name', view === 'raw' ? '(raw: the standard node answer)' : '(parsed: explorerkit + actionskit)'),
    ),
    summary,
    ...sentenceSection(tree),
    el('h2', null, 'Balance changes'),
    ownerChanges(meta, keys, symbols),
    el('h2', null, 'Instructions'),
    el(
      'ol',
      'instructions',
      tree.map((node) => instructionItem(node, accountFlags)),
    ),
    el('details', 'by-account', el('summary', null, 'Balances by account'), ...balanceSections(meta, keys)),
    meta.logMessages
      ? el(
          'details',
          'logs',
          el('summary', null, `Log messages (${meta.logMessages.length})`),
          el('pre', null, meta.logMessages.join('\n')),
        )
      : null,
  ].filter(Boolean);
}

/** Every instruction's sentence in tree order, each linked to its instruction below; none in the raw view. */
function sentenceSection(tree) {
  const items = [];
  const visit = (node) => {
    if (node.ix.actions)
      items.push(
        el(
          'li',
          'depth-' + Math.min(node.number.split('.').length - 1, 3),
          link('#ix-' + node.number, '#' + node.number),
          el('span', 'sentence', node.ix.actions),
        ),
      );
    node.children.forEach(visit);
  };
  tree.forEach(visit);
  return items.length ? [el('h2', null, 'What happened'), el('ol', 'sentences', items)] : [];
}

function link(href, text) {
  const a = el('a', 'ix-link mono', text);
  a.href = href;
  return a;
}

/**
 * Balance changes grouped by who holds them: an account's own SOL (token accounts' rent aside,
 * they are shown by account below) and, per owner and mint, the sum of its token accounts' changes,
 * in the mint's units with the table's symbol. Signers first, fee payer at the top.
 */
function ownerChanges(meta, keys, symbols) {
  const tokenAccounts = new Set([...(meta.preTokenBalances ?? []), ...(meta.postTokenBalances ?? [])].map((b) => b.accountIndex));
  const owners = new Map();
  const rowsOf = (owner) => owners.get(owner) ?? owners.set(owner, new Map()).get(owner);
  const add = (owner, asset, decimals, amount) => {
    const rows = rowsOf(owner);
    const row = rows.get(asset) ?? { asset, decimals, change: 0n };
    row.change += amount;
    rows.set(asset, row);
  };
  (meta.preBalances ?? []).forEach((pre, i) => {
    const post = meta.postBalances?.[i];
    if (post === undefined || tokenAccounts.has(i)) return;
    const change = BigInt(post) - BigInt(pre);
    if (change !== 0n) add(keys[i]?.pubkey, null, 9, change);
  });
  for (const [sign, list] of [
    [-1n, meta.preTokenBalances],
    [1n, meta.postTokenBalances],
  ]) {
    for (const b of list ?? [])
      add(b.owner ?? keys[b.accountIndex]?.pubkey, b.mint, b.uiTokenAmount.decimals, sign * BigInt(b.uiTokenAmount.amount));
  }
  const order = new Map(keys.map((k, i) => [k.pubkey, k.signer ? i : keys.length + i]));
  const groups = [...owners]
    .map(([owner, rows]) => [owner, [...rows.values()].filter((r) => r.change !== 0n)])
    .filter(([, rows]) => rows.length)
    .sort(([a], [b]) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity));
  if (groups.length === 0) return el('p', 'empty', 'No balance changed.');
  const flags = new Map(keys.map((k) => [k.pubkey, k]));
  const head = el('thead', null, el('tr', null, el('th', null, 'Owner'), el('th', null, 'Asset'), el('th', 'num', 'Change')));
  const bodies = groups.map(([owner, rows]) =>
    el(
      'tbody',
      null,
      rows.map((row, i) =>
        el(
          'tr',
          null,
          i === 0 ? ownerCell(owner, flags.get(owner), rows.length, keys[0]?.pubkey) : null,
          el('td', 'asset', assetName(row.asset, symbols)),
          el('td', 'num mono change ' + (row.change > 0n ? 'up' : 'down'), signed(row.change, row.decimals)),
        ),
      ),
    ),
  );
  return el('table', 'owners', head, ...bodies);
}

function ownerCell(owner, key, rows, feePayer) {
  const cell = el(
    'th',
    'owner',
    mono(owner ?? 'unknown'),
    owner === feePayer ? el('span', 'tag', 'fee payer') : key?.signer ? el('span', 'tag', 'signer') : null,
  );
  cell.rowSpan = rows;
  cell.scope = 'rowgroup';
  return cell;
}

/** Native SOL, a mint by the table's symbol (wrapped SOL told apart from native), else the mint's address. */
function assetName(mint, symbols) {
  if (mint === null) return el('span', 'symbol', 'SOL');
  if (mint === 'So11111111111111111111111111111111111111112') return el('span', 'symbol', 'wrapped SOL');
  const symbol = symbols.get(mint);
  const name = symbol ? el('span', 'symbol', symbol) : el('span', 'mint mono', mint);
  name.title = mint;
  return name;
}

/** Top-level instructions with their inner instructions nested by stack height, as explorers show them. */
function instructionTree(tx) {
  const top = tx.transaction.message.instructions.map((ix, i) => ({ ix, number: String(i + 1), children: [] }));
  for (const group of tx.meta?.innerInstructions ?? []) {
    const parent = top[group.index];
    if (!parent) continue;
    const stack = [parent];
    for (const ix of group.instructions) {
      const depth = Math.max(1, Math.min((typeof ix.stackHeight === 'number' ? ix.stackHeight : 2) - 1, stack.length));
      const owner = stack[depth - 1];
      const node = { ix, number: owner.number + '.' + (owner.children.length + 1), children: [] };
      owner.children.push(node);
      stack.length = depth;
      stack.push(node);
    }
  }
  return top;
}

function instructionItem(node, accountFlags) {
  const { ix } = node;
  const decoded = ix.parsed && typeof ix.parsed === 'object' ? ix.parsed : null;
  const head = el(
    'div',
    'ix-head',
    el('span', 'ix-number', '#' + node.number),
    el('span', 'ix-program', ix.program ?? 'unknown program'),
    decoded ? el('span', 'ix-type', decoded.type) : null,
    ix.data !== undefined && !decoded ? el('span', 'ix-undecoded', 'not decoded') : null,
    el('span', 'ix-program-id mono', ix.programId),
  );
  const parts = [head];
  if (ix.actions) parts.push(el('p', 'ix-actions', ix.actions));
  if (ix.error) {
    parts.push(
      el(
        'p',
        'ix-error',
        `Error ${ix.error.name} (${ix.error.code}): ${ix.error.message}`,
        el('span', 'mono', ' raised by ' + ix.error.programId),
      ),
    );
  }
  if (decoded) parts.push(...decodedFields(decoded.info ?? {}, accountFlags));
  else if (typeof ix.parsed === 'string') parts.push(table('fields', [['Parsed', mono(ix.parsed)]]));
  if (ix.data !== undefined) {
    parts.push(table('fields', [['Data', el('span', 'ix-data mono', ix.data)]]));
    if (ix.accounts)
      parts.push(
        accountsTable(
          ix.accounts.map((a, i) => ['Account ' + (i + 1), a]),
          accountFlags,
        ),
      );
  }
  if (node.children.length)
    parts.push(
      el(
        'ol',
        'instructions inner',
        node.children.map((child) => instructionItem(child, accountFlags)),
      ),
    );
  const item = el('li', 'ix', ...parts);
  item.id = 'ix-' + node.number;
  return item;
}

/** Splits an `info` object into arguments and the accounts it names (values that are this transaction's keys). */
function decodedFields(info, accountFlags) {
  const args = [];
  const accounts = [];
  for (const [name, v] of Object.entries(info)) {
    if (typeof v === 'string' && accountFlags.has(v)) accounts.push([name, v]);
    else if (name === 'remainingAccounts' && Array.isArray(v) && v.every((a) => accountFlags.has(a)))
      v.forEach((a, i) => accounts.push([`remaining ${i + 1}`, a]));
    else args.push([name, value(v)]);
  }
  const out = [];
  if (args.length) out.push(el('div', 'section-name', 'Arguments'), table('fields args', args));
  if (accounts.length) out.push(el('div', 'section-name', 'Accounts'), accountsTable(accounts, accountFlags));
  return out;
}

function accountsTable(rows, accountFlags) {
  return table(
    'fields accounts',
    rows.map(([name, address]) => {
      const key = accountFlags.get(address);
      return [
        name,
        el(
          'span',
          null,
          mono(address),
          key?.signer ? el('span', 'tag', 'signer') : null,
          key?.writable ? el('span', 'tag', 'writable') : null,
        ),
      ];
    }),
  );
}

function balanceSections(meta, keys) {
  const sol = [];
  (meta.preBalances ?? []).forEach((pre, i) => {
    const post = meta.postBalances?.[i];
    if (post === undefined) return;
    const change = BigInt(post) - BigInt(pre);
    if (change !== 0n) sol.push({ address: keys[i]?.pubkey, pre: BigInt(pre), post: BigInt(post), change });
  });
  const tokens = new Map();
  for (const [side, list] of [
    ['pre', meta.preTokenBalances],
    ['post', meta.postTokenBalances],
  ]) {
    for (const b of list ?? []) {
      const row = tokens.get(b.accountIndex) ?? {
        address: keys[b.accountIndex]?.pubkey,
        mint: b.mint,
        owner: b.owner,
        decimals: b.uiTokenAmount.decimals,
        pre: 0n,
        post: 0n,
      };
      row[side] = BigInt(b.uiTokenAmount.amount);
      tokens.set(b.accountIndex, row);
    }
  }
  const tokenRows = [...tokens.values()].filter((r) => r.post !== r.pre);
  return [
    el('h3', null, 'SOL balance changes'),
    balanceTable(
      'sol',
      ['Account', 'Before (SOL)', 'After (SOL)', 'Change (SOL)'],
      1,
      sol.map((r) => ({ cells: [r.address, units(r.pre, 9), units(r.post, 9)], change: r.change, decimals: 9 })),
    ),
    el('h3', null, 'Token balance changes'),
    balanceTable(
      'tokens',
      ['Token account', 'Owner', 'Mint', 'After', 'Change'],
      3,
      tokenRows.map((r) => ({
        cells: [r.address, r.owner ?? '', r.mint, units(r.post, r.decimals)],
        change: r.post - r.pre,
        decimals: r.decimals,
      })),
    ),
  ];
}

/** Columns from `numericFrom` on are right-aligned amounts; the last one is the signed change. */
function balanceTable(kind, headings, numericFrom, rows) {
  if (rows.length === 0) return el('p', 'empty', kind === 'sol' ? 'No SOL balance changed.' : 'No token balance changed.');
  const cellClass = (i) => (i >= numericFrom ? 'num mono' : 'mono');
  const head = el(
    'tr',
    null,
    headings.map((h, i) => el('th', i >= numericFrom ? 'num' : null, h)),
  );
  const body = rows.map(({ cells, change, decimals }) =>
    el(
      'tr',
      null,
      cells.map((text, i) => el('td', cellClass(i), text ?? 'unknown')),
      el('td', 'num mono change ' + (change > 0n ? 'up' : 'down'), signed(change, decimals)),
    ),
  );
  return el('table', 'balances ' + kind, el('thead', null, head), el('tbody', null, body));
}

function renderAccounts(addresses, result, view) {
  const cards = result.value.map((account, i) => {
    const title = el('h3', null, mono(addresses[i]));
    if (account === null) return el('article', 'account missing', title, el('p', 'empty', 'Account not found.'));
    const rows = [
      ['Owner', mono(account.owner)],
      ['Balance', mono(units(BigInt(account.lamports), 9) + ' SOL')],
      ['Space', mono((account.space ?? '?') + ' bytes')],
      ['Executable', mono(account.executable)],
    ];
    const parts = [title, table('fields', rows)];
    const data = account.data;
    if (data && !Array.isArray(data) && data.parsed) {
      parts.push(
        el(
          'div',
          'ix-head',
          el('span', 'ix-program', data.program ?? 'unknown program'),
          el('span', 'ix-type', data.parsed.type ?? 'account'),
        ),
      );
      parts.push(
        table(
          'fields decoded',
          Object.entries(data.parsed.info ?? {}).map(([k, v]) => [k, value(v)]),
        ),
      );
    } else if (Array.isArray(data)) {
      parts.push(el('div', 'section-name', `Data (${data[1]}), not decoded`), el('pre', 'account-data', data[0]));
    }
    return el('article', 'account', ...parts);
  });
  return [
    el('h2', null, 'Accounts ', el('span', 'view-name', view === 'raw' ? '(raw: the standard node answer)' : '(parsed: explorerkit)')),
    el('p', 'context', `Context slot ${result.context.slot}`),
    ...cards,
  ];
}
