/** The BPF loader (v2) and the upgradeable loader (v3), as the node renders them (bincode). */
import { Accounts, DataReader, instruction, jsonInteger, notParsable, byU32Tag, type TaggedParser, base64 } from './reader.js';


/** Only the first account is checked against the keys here, unlike the other programs. */
export function parseBpfLoader(accounts: number[], data: Uint8Array, keys: readonly string[]) {
  const r = new DataReader(data);
  const variant = r.u32();
  if (variant > 1) throw notParsable;
  const write = variant === 0 ? { offset: r.u32(), bytes: base64(r.bytes()) } : undefined;
  if (accounts.length === 0 || !(accounts[0] >= 0 && accounts[0] < keys.length)) throw notParsable;
  const a = new Accounts(accounts, keys);
  if (write !== undefined) {
    a.require(1);
    return instruction('write', { ...write, account: a.key(0) });
  }
  a.require(2);
  return instruction('finalize', { account: a.key(0) });
}


/** Optional trailing accounts are written as null when absent, not left out. */
const orNull = (a: Accounts, position: number) => a.optional(position) ?? null;

const initializeBuffer: TaggedParser = (_r, a) => {
  a.require(1);
  const authority = a.optional(1);
  return instruction('initializeBuffer', authority === undefined ? { account: a.key(0) } : { account: a.key(0), authority });
};

const write: TaggedParser = (r, a) => {
  const offset = r.u32();
  const bytes = base64(r.bytes());
  a.require(2);
  return instruction('write', { offset, bytes, account: a.key(0), authority: a.key(1) });
};

const deployWithMaxDataLen: TaggedParser = (r, a) => {
  const maxDataLen = jsonInteger(r.u64());
  a.require(8);
  return instruction('deployWithMaxDataLen', {
    maxDataLen,
    payerAccount: a.key(0),
    programDataAccount: a.key(1),
    programAccount: a.key(2),
    bufferAccount: a.key(3),
    rentSysvar: a.key(4),
    clockSysvar: a.key(5),
    systemProgram: a.key(6),
    authority: a.key(7),
  });
};

const upgrade: TaggedParser = (_r, a) => {
  a.require(7);
  return instruction('upgrade', {
    programDataAccount: a.key(0),
    programAccount: a.key(1),
    bufferAccount: a.key(2),
    spillAccount: a.key(3),
    rentSysvar: a.key(4),
    clockSysvar: a.key(5),
    authority: a.key(6),
  });
};

const setAuthority: TaggedParser = (_r, a) => {
  a.require(2);
  return instruction('setAuthority', { account: a.key(0), authority: a.key(1), newAuthority: orNull(a, 2) });
};

const close: TaggedParser = (_r, a) => {
  a.require(3);
  return instruction('close', { account: a.key(0), recipient: a.key(1), authority: a.key(2), programAccount: orNull(a, 3) });
};

const extendProgram: TaggedParser = (r, a) => {
  const additionalBytes = r.u32();
  a.require(2);
  return instruction('extendProgram', {
    additionalBytes,
    programDataAccount: a.key(0),
    programAccount: a.key(1),
    systemProgram: orNull(a, 2),
    payerAccount: orNull(a, 3),
  });
};

const setAuthorityChecked: TaggedParser = (_r, a) => {
  a.require(3);
  return instruction('setAuthorityChecked', { account: a.key(0), authority: a.key(1), newAuthority: a.key(2) });
};

const migrate: TaggedParser = (_r, a) => {
  a.require(3);
  return instruction('migrate', { programDataAccount: a.key(0), programAccount: a.key(1), authority: a.key(2) });
};

const extendProgramChecked: TaggedParser = (r, a) => {
  const additionalBytes = r.u32();
  a.require(3);
  return instruction('extendProgramChecked', {
    additionalBytes,
    programDataAccount: a.key(0),
    programAccount: a.key(1),
    authority: a.key(2),
    systemProgram: orNull(a, 3),
    payerAccount: orNull(a, 4),
  });
};

// Indexed by the UpgradeableLoaderInstruction variant.
const UPGRADEABLE_INSTRUCTIONS: readonly TaggedParser[] = [
  initializeBuffer,
  write,
  deployWithMaxDataLen,
  upgrade,
  setAuthority,
  close,
  extendProgram,
  setAuthorityChecked,
  migrate,
  extendProgramChecked,
];

export const parseBpfUpgradeableLoader = byU32Tag(UPGRADEABLE_INSTRUCTIONS);
