/** The System program's instructions, as the node renders them (bincode, u32 variant tags). */
import { instruction, jsonInteger, byU32Tag, type TaggedParser } from './reader.js';


const createAccount: TaggedParser = (r, a) => {
  const lamports = jsonInteger(r.u64());
  const space = jsonInteger(r.u64());
  const owner = r.pubkey();
  a.require(2);
  return instruction('createAccount', { source: a.key(0), newAccount: a.key(1), lamports, space, owner });
};

const assign: TaggedParser = (r, a) => {
  const owner = r.pubkey();
  a.require(1);
  return instruction('assign', { account: a.key(0), owner });
};

const transfer: TaggedParser = (r, a) => {
  const lamports = jsonInteger(r.u64());
  a.require(2);
  return instruction('transfer', { source: a.key(0), destination: a.key(1), lamports });
};

const createAccountWithSeed: TaggedParser = (r, a) => {
  const base = r.pubkey();
  const seed = r.string();
  const lamports = jsonInteger(r.u64());
  const space = jsonInteger(r.u64());
  const owner = r.pubkey();
  a.require(2);
  return instruction('createAccountWithSeed', { source: a.key(0), newAccount: a.key(1), base, seed, lamports, space, owner });
};

const advanceNonce: TaggedParser = (_r, a) => {
  a.require(3);
  return instruction('advanceNonce', { nonceAccount: a.key(0), recentBlockhashesSysvar: a.key(1), nonceAuthority: a.key(2) });
};

const withdrawFromNonce: TaggedParser = (r, a) => {
  const lamports = jsonInteger(r.u64());
  a.require(5);
  return instruction('withdrawFromNonce', {
    nonceAccount: a.key(0),
    destination: a.key(1),
    recentBlockhashesSysvar: a.key(2),
    rentSysvar: a.key(3),
    nonceAuthority: a.key(4),
    lamports,
  });
};

const initializeNonce: TaggedParser = (r, a) => {
  const nonceAuthority = r.pubkey();
  a.require(3);
  return instruction('initializeNonce', {
    nonceAccount: a.key(0),
    recentBlockhashesSysvar: a.key(1),
    rentSysvar: a.key(2),
    nonceAuthority,
  });
};

const authorizeNonce: TaggedParser = (r, a) => {
  const newAuthorized = r.pubkey();
  a.require(2);
  return instruction('authorizeNonce', { nonceAccount: a.key(0), nonceAuthority: a.key(1), newAuthorized });
};

const allocate: TaggedParser = (r, a) => {
  const space = jsonInteger(r.u64());
  a.require(1);
  return instruction('allocate', { account: a.key(0), space });
};

const allocateWithSeed: TaggedParser = (r, a) => {
  const base = r.pubkey();
  const seed = r.string();
  const space = jsonInteger(r.u64());
  const owner = r.pubkey();
  a.require(2);
  return instruction('allocateWithSeed', { account: a.key(0), base, seed, space, owner });
};

const assignWithSeed: TaggedParser = (r, a) => {
  const base = r.pubkey();
  const seed = r.string();
  const owner = r.pubkey();
  a.require(2);
  return instruction('assignWithSeed', { account: a.key(0), base, seed, owner });
};

const transferWithSeed: TaggedParser = (r, a) => {
  const lamports = jsonInteger(r.u64());
  const sourceSeed = r.string();
  const sourceOwner = r.pubkey();
  a.require(3);
  return instruction('transferWithSeed', {
    source: a.key(0),
    sourceBase: a.key(1),
    destination: a.key(2),
    lamports,
    sourceSeed,
    sourceOwner,
  });
};

const upgradeNonce: TaggedParser = (_r, a) => {
  a.require(1);
  return instruction('upgradeNonce', { nonceAccount: a.key(0) });
};

/** Zero lamports means no funding account: the new account is then the only one named. */
const createAccountAllowPrefund: TaggedParser = (r, a) => {
  const lamports = r.u64();
  const space = jsonInteger(r.u64());
  const owner = r.pubkey();
  if (lamports === 0n) {
    a.require(1);
    return instruction('createAccountAllowPrefund', { newAccount: a.key(0), space, owner });
  }
  a.require(2);
  return instruction('createAccountAllowPrefund', {
    newAccount: a.key(0),
    source: a.key(1),
    lamports: jsonInteger(lamports),
    space,
    owner,
  });
};

// Indexed by the SystemInstruction variant.
const SYSTEM_INSTRUCTIONS: readonly TaggedParser[] = [
  createAccount,
  assign,
  transfer,
  createAccountWithSeed,
  advanceNonce,
  withdrawFromNonce,
  initializeNonce,
  authorizeNonce,
  allocate,
  allocateWithSeed,
  assignWithSeed,
  transferWithSeed,
  upgradeNonce,
  createAccountAllowPrefund,
];

export const parseSystem = byU32Tag(SYSTEM_INSTRUCTIONS);
