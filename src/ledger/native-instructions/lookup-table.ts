/** The Address Lookup Table program's instructions, as the node renders them (bincode). */
import { instruction, jsonInteger, withPresent, byU32Tag, type TaggedParser } from './reader.js';


const createLookupTable: TaggedParser = (r, a) => {
  const recentSlot = jsonInteger(r.u64());
  const bumpSeed = r.u8();
  a.require(4);
  return instruction('createLookupTable', {
    lookupTableAccount: a.key(0),
    lookupTableAuthority: a.key(1),
    payerAccount: a.key(2),
    systemProgram: a.key(3),
    recentSlot,
    bumpSeed,
  });
};

const tableAndAuthority =
  (type: string): TaggedParser =>
  (_r, a) => {
    a.require(2);
    return instruction(type, { lookupTableAccount: a.key(0), lookupTableAuthority: a.key(1) });
  };

/** The payer and system program are named only when both are there. */
const extendLookupTable: TaggedParser = (r, a) => {
  const count = r.length(32);
  const newAddresses = Array.from({ length: count }, () => r.pubkey());
  a.require(2);
  const info = { lookupTableAccount: a.key(0), lookupTableAuthority: a.key(1), newAddresses };
  const funded = a.length >= 4 ? { payerAccount: a.key(2), systemProgram: a.key(3) } : {};
  return instruction('extendLookupTable', withPresent(info, funded));
};

const closeLookupTable: TaggedParser = (_r, a) => {
  a.require(3);
  return instruction('closeLookupTable', { lookupTableAccount: a.key(0), lookupTableAuthority: a.key(1), recipient: a.key(2) });
};

// Indexed by the ProgramInstruction variant.
const TABLE_INSTRUCTIONS: readonly TaggedParser[] = [
  createLookupTable,
  tableAndAuthority('freezeLookupTable'),
  extendLookupTable,
  tableAndAuthority('deactivateLookupTable'),
  closeLookupTable,
];

export const parseAddressLookupTable = byU32Tag(TABLE_INSTRUCTIONS);
