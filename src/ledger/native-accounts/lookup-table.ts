/**
 * Address lookup tables: ProgramState read with bincode (u32 Uninitialized or LookupTable with its
 * meta), then the addresses from byte 56 on, which must be whole 32-byte keys.
 */
import { encodeBase58 } from '../../codec/base58.js';
import { DataReader, notParsable } from '../native-instructions/reader.js';

/** LOOKUP_TABLE_META_SIZE: the meta's reserved room, whatever its authority takes of it. */
const META_SIZE = 56;

export function parseLookupTableAccount(data: Uint8Array) {
  const r = new DataReader(data);
  const state = r.u32();
  if (state === 0) return { type: 'uninitialized' };
  if (state !== 1) throw notParsable;
  const deactivationSlot = r.u64().toString();
  const lastExtendedSlot = r.u64().toString();
  const lastExtendedSlotStartIndex = r.u8();
  const authority = r.option((o) => o.pubkey());
  r.u16();
  if (data.length < META_SIZE || (data.length - META_SIZE) % 32 !== 0) throw notParsable;
  const addresses: string[] = [];
  for (let at = META_SIZE; at < data.length; at += 32) addresses.push(encodeBase58(data.subarray(at, at + 32)));
  const info = { addresses, deactivationSlot, lastExtendedSlot, lastExtendedSlotStartIndex };
  return { type: 'lookupTable', info: authority === null ? info : { ...info, authority } };
}
