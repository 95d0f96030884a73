/**
 * explorerkit for getMultipleAccounts: an account owned by a non-native program whose description
 * recognises its data gets `data: {parsed: {type, info}, program, space}`; every other element is
 * left as the node returned it, or — when the gateway fetched base64 in place of a binary encoding
 * the client asked for — re-encoded into that encoding, as the node would have written it.
 */
import { encodeBase58 } from '../codec/base58.js';
import { findPathSpans, splice } from '../json/path-spans.js';
import type { Span } from '../json/request-scan.js';
import type { ProgramRegistry } from '../decode/registry.js';
import { noteUndecoded } from './undecoded-tally.js';
import { camelCase } from '../decode/names.js';
import type { AccountEncoding } from '../rpc/params.js';
import { ErrorCode, RpcError } from '../rpc/errors.js';
import { nodeParsedAccountOwners } from './native-programs.js';

interface RawAccount {
  data: unknown;
  owner: string;
}

/** The node's limit on base58 account data. */
const maxBase58Bytes = 128;

/** The encoding to ask the node for when explorerkit is on: base64 unless the client wants jsonParsed. */
export const upstreamAccountEncoding = (asked: AccountEncoding | undefined): AccountEncoding =>
  asked === 'jsonParsed' ? 'jsonParsed' : 'base64';

export function enhanceAccounts(text: string, registry: ProgramRegistry, asked: AccountEncoding | undefined): string {
  const answer = JSON.parse(text);
  const values: (RawAccount | null)[] | undefined = answer?.result?.value;
  if (!Array.isArray(values)) return text;
  const [dataSpans] = findPathSpans(text, [['result', 'value', '*', 'data']]);
  const accounts = values.filter((v): v is RawAccount => v !== null);
  if (dataSpans.length !== accounts.length) return text;
  const edits: { span: Span; text: string }[] = [];
  const slot = typeof answer.result.context?.slot === 'number' ? answer.result.context.slot : undefined;
  accounts.forEach((account, i) => {
    const replacement = renderData(account, registry, asked, slot);
    if (replacement !== null) edits.push({ span: dataSpans[i], text: replacement });
  });
  return splice(text, edits);
}

/** The account decoded by the newest of its owner's versions valid at the context slot that recognises it. */
export function decodeAccountData(owner: string, bytes: Uint8Array, registry: ProgramRegistry, slot?: number) {
  const versions = registry.versions(owner, slot);
  for (const program of versions) {
    const decoded = program.decodeAccount(bytes);
    if (decoded !== null) return { program: program.description.name, type: decoded.account.name, value: decoded.value };
  }
  if (versions.length > 0) noteUndecoded(owner);
  return null;
}

function renderData(account: RawAccount, registry: ProgramRegistry, asked: AccountEncoding | undefined, slot: number | undefined): string | null {
  const { data, owner } = account;
  // Only base64 pairs are ours to look at: jsonParsed natives are the node's, and anything else is as asked.
  if (!Array.isArray(data) || data[1] !== 'base64' || typeof data[0] !== 'string') return null;
  const bytes = Buffer.from(data[0], 'base64');
  const decoded = nodeParsedAccountOwners.has(owner) ? null : decodeAccountData(owner, bytes, registry, slot);
  if (decoded !== null) {
    const parsed = { info: decoded.value, type: camelCase(decoded.type) };
    return `{"parsed":${JSON.stringify(parsed)},"program":${JSON.stringify(decoded.program)},"space":${bytes.length}}`;
  }
  switch (asked) {
    case 'base58':
    case 'binary': {
      if (bytes.length > maxBase58Bytes) {
        throw new RpcError(ErrorCode.invalidRequest, 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.');
      }
      const text = JSON.stringify(encodeBase58(bytes));
      return asked === 'binary' ? text : `[${text},"base58"]`;
    }
    default:
      return null;
  }
}
