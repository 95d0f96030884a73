/**
 * BPF upgradeable loader accounts: UpgradeableLoaderState read with bincode (a u32 variant, then
 * its fields; trailing bytes allowed), a buffer's or program data's code after it in base64.
 */
import { DataReader, jsonInteger, notParsable, base64 } from '../native-instructions/reader.js';


/**
 * The code after the metadata. The node starts it where a metadata holding the authority would
 * end, 32 bytes sooner when there is none, so a missing authority's bytes are shown as code.
 */
function code(data: Uint8Array, withAuthority: number, authority: string | null) {
  return [base64(data.subarray(authority === null ? withAuthority - 32 : withAuthority)), 'base64'];
}

export function parseUpgradeableLoaderAccount(data: Uint8Array) {
  const r = new DataReader(data);
  switch (r.u32()) {
    case 0:
      return { type: 'uninitialized' };
    case 1: {
      const authority = r.option((o) => o.pubkey());
      return { type: 'buffer', info: { authority, data: code(data, 37, authority) } };
    }
    case 2:
      return { type: 'program', info: { programData: r.pubkey() } };
    case 3: {
      const slot = jsonInteger(r.u64());
      const authority = r.option((o) => o.pubkey());
      return { type: 'programData', info: { authority, data: code(data, 45, authority), slot } };
    }
    default:
      throw notParsable;
  }
}
