/**
 * UiAccount JSON text for a stored account, byte-for-byte as an Agave node writes it
 * (keys in serde_json's sorted order, u64s as exact integers).
 */
import { encodeBase58 } from '../codec/base58.js';
import { stringifyJson } from '../json/lossless.js';
import { base58TooLarge } from '../rpc/errors.js';
import type { AccountRow } from './ledger-store.js';
import { parseNativeAccount, type MintSources } from './native-accounts/index.js';
import { base64 } from './native-instructions/reader.js';

export type AccountEncoding = 'base64' | 'base58' | 'binary' | 'base64+zstd' | 'jsonParsed';

export interface DataSlice {
  offset: number;
  length: number;
}

export interface AccountRenderConfig {
  encoding: AccountEncoding;
  dataSlice?: DataSlice;
  /** For jsonParsed token accounts: without it they keep the base64 fallback. */
  mints?: MintSources;
}

/** Agave's MAX_BASE58_BYTES: larger data must be asked for in base64. */
export const MAX_BASE58_BYTES = 128;

const TOKEN_PROGRAMS = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']);

function sliceData(data: Uint8Array, slice: DataSlice | undefined): Uint8Array {
  if (slice === undefined) return data;
  // subarray clamps both ends to the data, which is the node's rule: empty from an offset past
  // the end, the length cut short at the end.
  return data.subarray(slice.offset, slice.offset + slice.length);
}

function renderData(row: AccountRow, config: AccountRenderConfig): string {
  switch (config.encoding) {
    case 'base58':
    case 'binary': {
      const data = sliceData(row.data, config.dataSlice);
      if (data.length > MAX_BASE58_BYTES) {
        throw base58TooLarge(MAX_BASE58_BYTES);
      }
      const text = JSON.stringify(encodeBase58(data));
      return config.encoding === 'binary' ? text : `[${text},"base58"]`;
    }
    // Node 20 has no zstd. The node itself answers plain base64, labelled "base64", when its zstd
    // encoder fails, so clients asking for base64+zstd already have to accept that answer.
    case 'base64':
    case 'base64+zstd':
      return `["${base64(sliceData(row.data, config.dataSlice))}","base64"]`;
    case 'jsonParsed': {
      const parsed = parseNativeAccount(row, config.mints);
      if (parsed !== undefined) return stringifyJson(parsed);
      // The node's answer for owners or data it cannot parse. It sends token-program accounts
      // down a separate path that never applies dataSlice, so its base64 fallback for those
      // carries the whole data.
      const slice = TOKEN_PROGRAMS.has(row.owner) ? undefined : config.dataSlice;
      return `["${base64(sliceData(row.data, slice))}","base64"]`;
    }
  }
}

export function renderAccount(row: AccountRow, config: AccountRenderConfig): string {
  return (
    `{"data":${renderData(row, config)},"executable":${row.executable},"lamports":${row.lamports},` +
    `"owner":${JSON.stringify(row.owner)},"rentEpoch":${row.rentEpoch},"space":${row.data.length}}`
  );
}
