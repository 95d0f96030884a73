/**
 * IDLs that programs publish on chain, in the two places they are kept: the legacy Anchor IDL
 * account (Anchor up to 0.32.1) and the Program Metadata program's canonical `idl` account (used by
 * Anchor 1.0 and later). Account bytes come from any node, so every length is checked against the
 * bytes there are and decompression is capped: a hostile account gets an error, not our memory.
 */
import { inflateSync, gunzipSync } from 'node:zlib';
import { encodeBase58 } from '../codec/base58.js';

export const PROGRAM_METADATA_PROGRAM_ID = 'ProgM6JCCvbYkfKqJYHePx4xxSUSqJp7rh8Lyv7nk7S';

/** Most bytes any stored IDL may inflate to; the largest real IDLs are well under 1 MiB. */
export const MAX_IDL_BYTES = 16 * 1024 * 1024;

/** Anchor's discriminator of `IdlAccount`, declared in its "internal" namespace: sha256("internal:IdlAccount")[..8]. */
export const ANCHOR_IDL_DISCRIMINATOR = Uint8Array.of(0x18, 0x46, 0x62, 0xbf, 0x3a, 0x90, 0x7b, 0x9e);

const ANCHOR_IDL_SEED = 'anchor:idl';
const ANCHOR_HEADER_BYTES = 44;

const METADATA_DISCRIMINATOR = 2;
const METADATA_HEADER_BYTES = 96;
const METADATA_SEED_BYTES = 16;
const EXTERNAL_DATA_BYTES = 40;
/** Base58 text takes quadratic time to produce; no URL or document worth reading needs more. */
const MAX_BASE58_BYTES = 16 * 1024;

const encodings = ['None', 'Utf8', 'Base58', 'Base64'] as const;
const compressions = ['None', 'Gzip', 'Zlib'] as const;
const formats = ['None', 'Json', 'Yaml', 'Toml'] as const;
const dataSources = ['Direct', 'Url', 'External'] as const;

/**
 * @solana/kit is loaded on first use: importing it takes about 140 ms of a gateway's start (2 cores),
 * and only a lookup of an IDL on chain needs it, which a gateway without an upstream never makes.
 */
const kit = () => import('@solana/kit');

/** Starts loading @solana/kit once a gateway that looks IDLs up is listening, so its first lookup does not wait for it. */
export function preloadOnchainCodecs(): void {
  kit().catch(() => undefined);
}

/** Legacy Anchor: `createWithSeed(findProgramAddress([], program), "anchor:idl", program)`. */
export async function anchorIdlAddress(programId: string): Promise<string> {
  const { address, createAddressWithSeed, getProgramDerivedAddress } = await kit();
  const program = address(programId);
  const [base] = await getProgramDerivedAddress({ programAddress: program, seeds: [] });
  return createAddressWithSeed({ baseAddress: base, programAddress: program, seed: ANCHOR_IDL_SEED });
}

/** The canonical (program-authority) metadata account: PDA of [program, seed padded to 16 bytes]. */
export async function programMetadataAddress(programId: string, seed = 'idl'): Promise<string> {
  const seedBytes = new TextEncoder().encode(seed);
  if (seedBytes.length > METADATA_SEED_BYTES)
    throw new Error(`metadata seed ${JSON.stringify(seed)} is longer than ${METADATA_SEED_BYTES} bytes`);
  const padded = new Uint8Array(METADATA_SEED_BYTES);
  padded.set(seedBytes);
  const { address, getAddressEncoder, getProgramDerivedAddress } = await kit();
  const [pda] = await getProgramDerivedAddress({
    programAddress: address(PROGRAM_METADATA_PROGRAM_ID),
    seeds: [getAddressEncoder().encode(address(programId)), padded],
  });
  return pda;
}

const u32 = (data: Uint8Array, at: number) => new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(at, true);

function decompress(data: Uint8Array, compression: (typeof compressions)[number], maxBytes: number): Uint8Array {
  if (compression === 'None') {
    if (data.length > maxBytes) throw new Error(`uncompressed content of ${data.length} bytes is more than ${maxBytes}; refused`);
    return data;
  }
  try {
    const options = { maxOutputLength: maxBytes };
    return compression === 'Zlib' ? inflateSync(data, options) : gunzipSync(data, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new Error(`${compression} data inflates to more than ${maxBytes} bytes; refused`, { cause: error });
    }
    throw new Error(`${compression} data does not inflate: ${(error as Error).message}`, { cause: error });
  }
}

function utf8(data: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch (error) {
    throw new Error('content is not valid UTF-8', { cause: error });
  }
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`content is not JSON: ${(error as Error).message}`, { cause: error });
  }
}

/** Why `data` is not a legacy Anchor IDL account; undefined when its header says it is one. */
export function anchorIdlMismatch(data: Uint8Array): string | undefined {
  if (data.length < ANCHOR_HEADER_BYTES)
    return `it holds ${data.length} bytes, fewer than the ${ANCHOR_HEADER_BYTES}-byte Anchor IDL header`;
  if (!ANCHOR_IDL_DISCRIMINATOR.every((byte, i) => data[i] === byte)) return 'wrong discriminator for an Anchor IDL account';
  return undefined;
}

/** The IDL JSON of a legacy Anchor IDL account's data, refused when it inflates to more than `maxBytes`. */
export function unpackAnchorIdlAccount(data: Uint8Array, maxBytes = MAX_IDL_BYTES): unknown {
  const mismatch = anchorIdlMismatch(data);
  if (mismatch !== undefined) throw new Error(`not an Anchor IDL account: ${mismatch}`);
  const length = u32(data, 40);
  if (length === 0) throw new Error('Anchor IDL account is empty (data_len 0)');
  if (ANCHOR_HEADER_BYTES + length > data.length) {
    throw new Error(`Anchor IDL account says ${length} bytes of IDL, but only ${data.length - ANCHOR_HEADER_BYTES} follow its header`);
  }
  return parseJsonText(utf8(decompress(data.subarray(ANCHOR_HEADER_BYTES, ANCHOR_HEADER_BYTES + length), 'Zlib', maxBytes)));
}

function named<T extends readonly string[]>(names: T, value: number, what: string): T[number] {
  const name = names[value];
  if (name === undefined) throw new Error(`unknown ${what} ${value}`);
  return name;
}

/** Bytes to text the way the Program Metadata client does: the encoding says how the text became bytes. */
function decodeContent(data: Uint8Array, encoding: (typeof encodings)[number]): string {
  switch (encoding) {
    case 'None':
      return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('hex');
    case 'Utf8':
      return utf8(data);
    case 'Base58':
      if (data.length > MAX_BASE58_BYTES) throw new Error(`base58 content of ${data.length} bytes refused (at most ${MAX_BASE58_BYTES})`);
      return encodeBase58(data);
    case 'Base64':
      return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
  }
}

/**
 * Why `data` is not a finished Program Metadata account of `programId` (a buffer still being
 * written has discriminator 1); undefined when its header says it is one.
 */
export function programMetadataMismatch(data: Uint8Array, programId: string): string | undefined {
  if (data.length < METADATA_HEADER_BYTES)
    return `it holds ${data.length} bytes, fewer than the ${METADATA_HEADER_BYTES}-byte metadata header`;
  if (data[0] !== METADATA_DISCRIMINATOR) return `discriminator ${data[0]}, not ${METADATA_DISCRIMINATOR} (Metadata)`;
  const program = encodeBase58(data.subarray(1, 33));
  if (program !== programId) return `it describes program ${program}`;
  return undefined;
}

/** Reads another account's data for an External metadata source; null when it does not exist. */
export type FetchAccount = (address: string) => Promise<Uint8Array | null>;

/**
 * The IDL JSON of a Program Metadata account's data, or the URL it names when it keeps the IDL off
 * chain (which is not fetched: its content would vouch for nothing). `fetchAccount` is needed only
 * for an External source, whose bytes live in another account.
 */
export async function unpackProgramMetadataAccount(
  data: Uint8Array,
  programId: string,
  fetchAccount?: FetchAccount,
  maxBytes = MAX_IDL_BYTES,
): Promise<{ idl: unknown } | { url: string }> {
  const mismatch = programMetadataMismatch(data, programId);
  if (mismatch !== undefined) throw new Error(`not a metadata account of ${programId}: ${mismatch}`);
  const encoding = named(encodings, data[83], 'encoding');
  const compression = named(compressions, data[84], 'compression');
  const format = named(formats, data[85], 'format');
  const source = named(dataSources, data[86], 'data source');
  const length = u32(data, 87);
  if (METADATA_HEADER_BYTES + length > data.length) {
    throw new Error(`metadata account says ${length} bytes of data, but only ${data.length - METADATA_HEADER_BYTES} follow its header`);
  }
  const body = data.subarray(METADATA_HEADER_BYTES, METADATA_HEADER_BYTES + length);

  if (source === 'Url') return { url: decodeContent(decompress(body, compression, maxBytes), encoding) };
  // Checked before any external account is read: a format we cannot parse is not worth the fetch.
  if (format !== 'Json') throw new Error(`metadata format ${format} is not supported (only Json)`);
  const packed = source === 'Direct' ? body : await externalBytes(body, fetchAccount);
  return { idl: parseJsonText(decodeContent(decompress(packed, compression, maxBytes), encoding)) };
}

/** The slice of another account an External source points at: {address, offset u32, length u32 (0 = to the end)}. */
async function externalBytes(body: Uint8Array, fetchAccount: FetchAccount | undefined): Promise<Uint8Array> {
  if (body.length < EXTERNAL_DATA_BYTES)
    throw new Error(`External source holds ${body.length} bytes, fewer than the ${EXTERNAL_DATA_BYTES} of its pointer`);
  if (fetchAccount === undefined) throw new Error('External source: no way to read the account it points at');
  const target = encodeBase58(body.subarray(0, 32));
  const offset = u32(body, 32);
  const length = u32(body, 36);
  const account = await fetchAccount(target);
  if (account === null) throw new Error(`External source: account ${target} does not exist`);
  const end = length === 0 ? account.length : offset + length;
  if (offset > account.length || end > account.length) {
    throw new Error(`External source: bytes ${offset}..${end} of account ${target} asked for, but it holds ${account.length}`);
  }
  return account.subarray(offset, end);
}
