/**
 * explorerkit for getMultipleAccounts asked in jsonParsed: an account owned by a non-native program
 * whose description recognises its data gets `data: {parsed: {type, info}, program, space}` in place
 * of the node's base64 fallback; every other element is left as the node returned it.
 */
import { findPathSpans } from '../json/path-spans.js';
import type { Edit } from '../json/splice.js';
import type { ProgramRegistry } from '../decode/registry.js';
import type { CompiledProgram, DecodedAccount } from '../decode/compile.js';
import { noteUndecoded } from '../observe/undecoded-tally.js';
import { camelCase } from '../decode/names.js';
import { nodeParsedAccountOwners } from '../transaction-result/node-parsed.js';
import { MPL_CORE, withCorePlugins } from './core-plugins.js';
import { zerosFrom } from '../codec/bytes.js';
import { integerAt, memberAnchors, objectWithin } from '../json/member-anchors.js';

interface RawAccount {
  data: unknown;
  owner: string;
}

export function accountsEdits(text: string, registry: ProgramRegistry, bytes?: Uint8Array): Edit[] {
  return accountsEditsByAnchors(text, registry, bytes) ?? parsedAccountsEdits(text, registry);
}

const anchorsOf = memberAnchors(['slot', 'value', 'data']);
const compactValues = /^\[(?:\{"|n|\])/;
const base64Tag = '","base64"]';
const accountMembers = new Set(['data', 'executable', 'lamports', 'owner', 'rentEpoch', 'space']);

/**
 * The accounts to decode without parsing the answer (see transaction-anchors.ts for why members
 * can be found by name): each is an object whose `data` is the node's `[base64, "base64"]`
 * fallback, and nothing in such an object holds a brace, so the nearest braces either side of
 * that member delimit it and only it is parsed. Null, for the parsing path, unless the context
 * slot is the one `slot` member (parsed sysvars carry others), the values are written compact, and
 * every such object is exactly an account.
 */
export function accountsEditsByAnchors(text: string, registry: ProgramRegistry, bytes?: Uint8Array): Edit[] | null {
  const anchors = anchorsOf(text, bytes);
  const slotAt = anchors?.get('slot');
  const valueAt = anchors?.get('value');
  if (!anchors || slotAt?.length !== 1 || valueAt?.length !== 1) return null;
  const slot = integerAt(text, slotAt[0]);
  // An account written with spaces has no `"data":` to find: only compact values can be read by anchors.
  if (slot === null || !compactValues.test(text.slice(valueAt[0], valueAt[0] + 3))) return null;
  const edits: Edit[] = [];
  let previousEnd = 0;
  for (const at of anchors.get('data')!) {
    if (!text.startsWith('["', at)) continue;
    const start = text.lastIndexOf('{', at);
    const end = text.indexOf('}', at) + 1;
    // base64 holds no quote or escape: the string is its text, and only the other members are parsed.
    const quote = text.indexOf('"', at + 2);
    const dataEnd = quote + base64Tag.length;
    if (start < previousEnd || end === 0 || quote < 0 || !text.startsWith(base64Tag, quote) || dataEnd > end) return null;
    previousEnd = end;
    const data = [text.slice(at + 2, quote), 'base64'];
    const account = objectWithin(`${text.slice(start, at)}0${text.slice(dataEnd, end)}`, accountMembers);
    if (account === null || typeof account.owner !== 'string') return null;
    const replacement = renderData({ data, owner: account.owner }, registry, slot);
    if (replacement !== null) edits.push({ span: { start: at, end: dataEnd }, text: replacement });
  }
  return edits;
}

/** The answer parsed and its `data` members found by walking it. */
export function parsedAccountsEdits(text: string, registry: ProgramRegistry): Edit[] {
  const answer = JSON.parse(text);
  const values: (RawAccount | null)[] | undefined = answer?.result?.value;
  if (!Array.isArray(values)) return [];
  const [dataSpans] = findPathSpans(text, [['result', 'value', '*', 'data']]);
  const accounts = values.filter((v): v is RawAccount => v !== null);
  if (dataSpans.length !== accounts.length) return [];
  const edits: Edit[] = [];
  const slot = typeof answer.result.context?.slot === 'number' ? answer.result.context.slot : undefined;
  accounts.forEach((account, i) => {
    const replacement = renderData(account, registry, slot);
    if (replacement !== null) edits.push({ span: dataSpans[i], text: replacement });
  });
  return edits;
}

/**
 * The account decoded by its owner's versions valid at the context slot: the newest that reads the
 * data to its last byte, else the newest that recognises it (accounts are often allocated larger
 * than their layout, and an older layout of a grown account reads only its start). A newest read
 * that leaves only zeros after it is taken at once: that is the over-allocated account's padding,
 * and trying every older version on it (Token Metadata keeps 13, and its accounts are allocated
 * at their largest) made a getMultipleAccounts of NFT metadata several times slower.
 */
export function decodeAccountData(owner: string, bytes: Uint8Array, registry: ProgramRegistry, slot?: number) {
  const versions = registry.versions(owner, slot);
  let chosen: { program: CompiledProgram; decoded: DecodedAccount } | null = null;
  for (const program of versions) {
    const decoded = program.decodeAccount(bytes);
    if (decoded === null || (chosen !== null && !decoded.exact)) continue;
    chosen = { program, decoded };
    if (decoded.exact || zerosFrom(bytes, decoded.end)) break;
  }
  if (chosen === null) {
    if (versions.length > 0) noteUndecoded(owner);
    return null;
  }
  const { program, decoded } = chosen;
  const value = (owner === MPL_CORE && !decoded.exact && withCorePlugins(program, bytes, decoded)) || decoded.value;
  return { program: program.description.name, type: decoded.account.name, value };
}

function renderData(account: RawAccount, registry: ProgramRegistry, slot: number | undefined): string | null {
  const { data, owner } = account;
  // Only the node's base64 fallbacks are ours to look at: parsed natives are the node's.
  if (!Array.isArray(data) || data[1] !== 'base64' || typeof data[0] !== 'string') return null;
  const bytes = Buffer.from(data[0], 'base64');
  const decoded = nodeParsedAccountOwners.has(owner) ? null : decodeAccountData(owner, bytes, registry, slot);
  if (decoded === null) return null;
  const parsed = { info: decoded.value, type: camelCase(decoded.type) };
  return `{"parsed":${JSON.stringify(parsed)},"program":${JSON.stringify(decoded.program)},"space":${bytes.length}}`;
}
