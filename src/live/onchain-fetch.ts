/**
 * Finding a program's on-chain IDL through a node: both places an IDL may be kept are read in one
 * getMultipleAccounts, so they are seen at one slot. Shared by `idl fetch` (an operator's command)
 * and the gateway's live IDLs, so both apply the same derivation, ownership checks and caps.
 */
import type { UpstreamPool } from '../upstream/upstream-pool.js';
import {
  MAX_IDL_BYTES,
  PROGRAM_METADATA_PROGRAM_ID,
  anchorIdlAddress,
  anchorIdlMismatch,
  programMetadataAddress,
  programMetadataMismatch,
  unpackAnchorIdlAccount,
  unpackProgramMetadataAccount,
} from '../idl/onchain.js';

export type IdlSource = 'program-metadata' | 'legacy-anchor';

export type OnchainIdl =
  | { kind: 'idl'; idl: unknown; slot: number; source: IdlSource; account: string }
  /** The metadata account names a URL; its content is not fetched, as it would vouch for nothing. */
  | { kind: 'url'; url: string; slot: number; account: string }
  /** Neither account holds an IDL of the program: why not, per account. */
  | { kind: 'absent'; slot: number; reasons: string[] };

/** The node could not be asked (as opposed to answering bytes that are not an IDL). */
export class NodeUnavailable extends Error {}

interface RpcAccount {
  owner: string;
  data: Uint8Array;
}

/**
 * The Program Metadata account wins, as Anchor 1.0 writes there and older IDL accounts may linger.
 * Bytes that claim to be an IDL account and are not readable throw; `maxBytes` caps decompression.
 */
export async function findOnchainIdl(pool: Pick<UpstreamPool, 'send'>, programId: string, maxBytes = MAX_IDL_BYTES): Promise<OnchainIdl> {
  const pmp = await programMetadataAddress(programId);
  const legacy = await anchorIdlAddress(programId);
  const { slot, accounts } = await getAccounts(pool, [pmp, legacy]);
  const [metadata, anchor] = accounts;
  const reasons: string[] = [];

  const metadataMismatch =
    metadata === null
      ? 'does not exist'
      : metadata.owner !== PROGRAM_METADATA_PROGRAM_ID
        ? `is owned by ${printable(metadata.owner)}, not the Program Metadata program`
        : programMetadataMismatch(metadata.data, programId);
  if (metadata !== null && metadataMismatch === undefined) {
    const fetchAccount = async (address: string) => (await getAccounts(pool, [address], slot)).accounts[0]?.data ?? null;
    const unpacked = await unpackProgramMetadataAccount(metadata.data, programId, fetchAccount, maxBytes);
    if ('url' in unpacked) return { kind: 'url', url: unpacked.url, slot, account: pmp };
    return { kind: 'idl', idl: unpacked.idl, slot, source: 'program-metadata', account: pmp };
  }
  reasons.push(`metadata account ${pmp} ${metadataMismatch}`);

  const anchorMismatch =
    anchor === null
      ? 'does not exist'
      : anchor.owner !== programId
        ? `is owned by ${printable(anchor.owner)}, not the program`
        : anchorIdlMismatch(anchor.data);
  if (anchor !== null && anchorMismatch === undefined)
    return { kind: 'idl', idl: unpackAnchorIdlAccount(anchor.data, maxBytes), slot, source: 'legacy-anchor', account: legacy };
  reasons.push(`Anchor IDL account ${legacy} ${anchorMismatch}`);
  return { kind: 'absent', slot, reasons };
}

/** getMultipleAccounts in base64, finalized, so the slot recorded cannot be rolled back. */
async function getAccounts(
  pool: Pick<UpstreamPool, 'send'>,
  addresses: string[],
  minContextSlot?: number,
): Promise<{ slot: number; accounts: (RpcAccount | null)[] }> {
  const config = { encoding: 'base64', commitment: 'finalized', ...(minContextSlot === undefined ? {} : { minContextSlot }) };
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getMultipleAccounts', params: [addresses, config] });
  let reply: Awaited<ReturnType<UpstreamPool['send']>>;
  try {
    reply = await pool.send(body, { retryable: true });
  } catch (error) {
    throw new NodeUnavailable(`getMultipleAccounts: ${(error as Error).message}`, { cause: error });
  }
  const text = reply.body.toString();
  if (reply.status !== 200) throw new NodeUnavailable(`getMultipleAccounts: HTTP ${reply.status} from ${reply.endpoint}`);
  let response: { result?: { context?: { slot?: unknown }; value?: unknown }; error?: { message?: unknown } } | null;
  try {
    response = JSON.parse(text) as typeof response;
  } catch {
    throw new NodeUnavailable(`getMultipleAccounts: ${reply.endpoint} did not answer JSON`);
  }
  if (typeof response !== 'object' || response === null)
    throw new NodeUnavailable(`getMultipleAccounts: ${reply.endpoint} did not answer a JSON-RPC object`);
  if (response.error !== undefined) throw new NodeUnavailable(`getMultipleAccounts: ${printable(String(response.error.message))}`);
  const slot = response.result?.context?.slot;
  const value = response.result?.value;
  if (!Number.isSafeInteger(slot) || !Array.isArray(value) || value.length !== addresses.length) {
    throw new NodeUnavailable(`getMultipleAccounts: unexpected result from ${reply.endpoint}`);
  }
  const accounts = value.map((account: { owner?: unknown; data?: unknown } | null, i) => {
    if (account === null) return null;
    const data = account.data;
    if (typeof account.owner !== 'string' || !Array.isArray(data) || typeof data[0] !== 'string' || data[1] !== 'base64') {
      throw new NodeUnavailable(`getMultipleAccounts: account ${addresses[i]} is not in the base64 shape asked for`);
    }
    return { owner: account.owner, data: new Uint8Array(Buffer.from(data[0], 'base64')) };
  });
  return { slot: slot as number, accounts };
}

/** Text from chain shown on a terminal or in a log: control characters (escape sequences among them) written as \u escapes. */
export const printable = (text: string) =>
  text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
