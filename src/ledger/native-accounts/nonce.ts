/**
 * System-owned nonce accounts: nonce Versions (u32 Legacy or Current) around State (u32
 * Uninitialized or Initialized) read with bincode. The node parses only initialized ones: an
 * uninitialized state is what any zeroed system account reads as.
 */
import { DataReader, notParsable } from '../native-instructions/reader.js';

export function parseNonceAccount(data: Uint8Array) {
  const r = new DataReader(data);
  if (r.u32() > 1 || r.u32() !== 1) throw notParsable;
  const authority = r.pubkey();
  const blockhash = r.pubkey();
  const lamportsPerSignature = r.u64().toString();
  return { type: 'initialized', info: { authority, blockhash, feeCalculator: { lamportsPerSignature } } };
}
