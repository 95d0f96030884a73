/**
 * The Stake program's instructions, as the node renders them (bincode, u32 variant tags).
 *
 * Since the program moved to Core BPF it takes both the legacy account lists, which carry sysvar
 * and config accounts, and minimal ones without them; it tells them apart by whether a position
 * holds the sysvar, and the node labels the accounts the same way.
 */
import { Accounts, DataReader, instruction, jsonInteger, notParsable, withPresent, byU32Tag, type TaggedParser } from './reader.js';

const RENT_SYSVAR = 'SysvarRent111111111111111111111111111111111';
const CLOCK_SYSVAR = 'SysvarC1ock11111111111111111111111111111111';
const STAKE_CONFIG = 'StakeConfig11111111111111111111111111111111';


/** StakeAuthorize, a u32 variant the node writes by its Rust name. */
function stakeAuthorize(r: DataReader): string {
  const variant = r.u32();
  if (variant > 1) throw notParsable;
  return variant === 0 ? 'Staker' : 'Withdrawer';
}

const isAt = (a: Accounts, position: number, key: string) => a.optional(position) === key;

const initialize: TaggedParser = (r, a) => {
  const authorized = { staker: r.pubkey(), withdrawer: r.pubkey() };
  const lockup = { unixTimestamp: jsonInteger(r.i64()), epoch: jsonInteger(r.u64()), custodian: r.pubkey() };
  a.require(1);
  const info = { stakeAccount: a.key(0), authorized, lockup };
  return instruction('initialize', withPresent(info, { rentSysvar: isAt(a, 1, RENT_SYSVAR) ? a.key(1) : undefined }));
};

const authorize: TaggedParser = (r, a) => {
  const newAuthority = r.pubkey();
  const authorityType = stakeAuthorize(r);
  a.require(2);
  const info = { stakeAccount: a.key(0), newAuthority, authorityType };
  if (a.key(1) !== CLOCK_SYSVAR) return instruction('authorize', withPresent(info, { authority: a.key(1), custodian: a.optional(2) }));
  a.require(3);
  return instruction('authorize', withPresent(info, { clockSysvar: a.key(1), authority: a.key(2), custodian: a.optional(3) }));
};

/** The legacy list needs a fifth account the program never reads, so clients may put the authority there. */
const delegate: TaggedParser = (_r, a) => {
  a.require(3);
  const info: Record<string, unknown> = { stakeAccount: a.key(0), voteAccount: a.key(1) };
  if (a.key(2) !== CLOCK_SYSVAR) return instruction('delegate', { ...info, stakeAuthority: a.key(2) });
  a.require(5);
  Object.assign(info, { clockSysvar: a.key(2), stakeHistorySysvar: a.key(3) });
  if (a.key(4) !== STAKE_CONFIG) return instruction('delegate', { ...info, stakeAuthority: a.key(4) });
  return instruction('delegate', withPresent(info, { stakeConfigAccount: a.key(4), stakeAuthority: a.optional(5) }));
};

const split: TaggedParser = (r, a) => {
  const lamports = jsonInteger(r.u64());
  a.require(2);
  const info = { stakeAccount: a.key(0), newSplitAccount: a.key(1), lamports };
  return instruction('split', withPresent(info, { stakeAuthority: a.optional(2) }));
};

const withdraw: TaggedParser = (r, a) => {
  const lamports = jsonInteger(r.u64());
  a.require(3);
  const info = { stakeAccount: a.key(0), destination: a.key(1), lamports };
  if (a.key(2) !== CLOCK_SYSVAR) return instruction('withdraw', withPresent(info, { withdrawAuthority: a.key(2), custodian: a.optional(3) }));
  a.require(5);
  const sysvars = { clockSysvar: a.key(2), stakeHistorySysvar: a.key(3) };
  return instruction('withdraw', withPresent({ ...info, ...sysvars }, { withdrawAuthority: a.key(4), custodian: a.optional(5) }));
};

const deactivate: TaggedParser = (_r, a) => {
  a.require(2);
  const info = { stakeAccount: a.key(0) };
  if (a.key(1) !== CLOCK_SYSVAR) return instruction('deactivate', { ...info, stakeAuthority: a.key(1) });
  return instruction('deactivate', withPresent(info, { clockSysvar: a.key(1), stakeAuthority: a.optional(2) }));
};

/** LockupArgs: each field optional, and only the present ones are written. */
const setLockup: TaggedParser = (r, a) => {
  const lockup = withPresent(
    {},
    {
      unixTimestamp: r.option((x) => jsonInteger(x.i64())) ?? undefined,
      epoch: r.option((x) => jsonInteger(x.u64())) ?? undefined,
      custodian: r.option((x) => x.pubkey()) ?? undefined,
    },
  );
  a.require(2);
  return instruction('setLockup', { stakeAccount: a.key(0), custodian: a.key(1), lockup });
};

const merge: TaggedParser = (_r, a) => {
  a.require(3);
  const info = { destination: a.key(0), source: a.key(1) };
  if (a.key(2) !== CLOCK_SYSVAR) return instruction('merge', { ...info, stakeAuthority: a.key(2) });
  a.require(4);
  const sysvars = { clockSysvar: a.key(2), stakeHistorySysvar: a.key(3) };
  return instruction('merge', withPresent({ ...info, ...sysvars }, { stakeAuthority: a.optional(4) }));
};

const authorizeWithSeed: TaggedParser = (r, a) => {
  const newAuthorized = r.pubkey();
  const authorityType = stakeAuthorize(r);
  const authoritySeed = r.string();
  const authorityOwner = r.pubkey();
  a.require(2);
  const info = { stakeAccount: a.key(0), authorityBase: a.key(1), newAuthorized, authorityType, authoritySeed, authorityOwner };
  if (a.length < 3) return instruction('authorizeWithSeed', info);
  if (a.key(2) !== CLOCK_SYSVAR) return instruction('authorizeWithSeed', { ...info, custodian: a.key(2) });
  return instruction('authorizeWithSeed', withPresent(info, { clockSysvar: a.key(2), custodian: a.optional(3) }));
};

const initializeChecked: TaggedParser = (_r, a) => {
  a.require(3);
  const info = { stakeAccount: a.key(0) };
  if (a.key(1) !== RENT_SYSVAR) return instruction('initializeChecked', { ...info, staker: a.key(1), withdrawer: a.key(2) });
  a.require(4);
  return instruction('initializeChecked', { ...info, rentSysvar: a.key(1), staker: a.key(2), withdrawer: a.key(3) });
};

const authorizeChecked: TaggedParser = (r, a) => {
  const authorityType = stakeAuthorize(r);
  a.require(3);
  const info = { stakeAccount: a.key(0), authorityType };
  if (a.key(1) !== CLOCK_SYSVAR) {
    return instruction('authorizeChecked', withPresent(info, { authority: a.key(1), newAuthority: a.key(2), custodian: a.optional(3) }));
  }
  a.require(4);
  const accounts = { clockSysvar: a.key(1), authority: a.key(2), newAuthority: a.key(3), custodian: a.optional(4) };
  return instruction('authorizeChecked', withPresent(info, accounts));
};

const authorizeCheckedWithSeed: TaggedParser = (r, a) => {
  const authorityType = stakeAuthorize(r);
  const authoritySeed = r.string();
  const authorityOwner = r.pubkey();
  a.require(3);
  const info = { stakeAccount: a.key(0), authorityBase: a.key(1), authorityType, authoritySeed, authorityOwner };
  if (a.key(2) !== CLOCK_SYSVAR) {
    return instruction('authorizeCheckedWithSeed', withPresent(info, { newAuthorized: a.key(2), custodian: a.optional(3) }));
  }
  a.require(4);
  return instruction('authorizeCheckedWithSeed', withPresent(info, { clockSysvar: a.key(2), newAuthorized: a.key(3), custodian: a.optional(4) }));
};

/** LockupCheckedArgs carries no custodian: a new one signs as the third account instead. */
const setLockupChecked: TaggedParser = (r, a) => {
  const unixTimestamp = r.option((x) => jsonInteger(x.i64())) ?? undefined;
  const epoch = r.option((x) => jsonInteger(x.u64())) ?? undefined;
  a.require(2);
  const lockup = withPresent({}, { unixTimestamp, epoch, custodian: a.optional(2) });
  return instruction('setLockupChecked', { stakeAccount: a.key(0), custodian: a.key(1), lockup });
};

const getMinimumDelegation: TaggedParser = () => instruction('getMinimumDelegation');

const deactivateDelinquent: TaggedParser = (_r, a) => {
  a.require(3);
  return instruction('deactivateDelinquent', { stakeAccount: a.key(0), voteAccount: a.key(1), referenceVoteAccount: a.key(2) });
};

const redelegate: TaggedParser = (_r, a) => {
  a.require(5);
  return instruction('redelegate', {
    stakeAccount: a.key(0),
    newStakeAccount: a.key(1),
    voteAccount: a.key(2),
    stakeConfigAccount: a.key(3),
    stakeAuthority: a.key(4),
  });
};

const moveBetween =
  (type: string): TaggedParser =>
  (r, a) => {
    const lamports = jsonInteger(r.u64());
    a.require(3);
    return instruction(type, { source: a.key(0), destination: a.key(1), stakeAuthority: a.key(2), lamports });
  };

// Indexed by the StakeInstruction variant.
const STAKE_INSTRUCTIONS: readonly TaggedParser[] = [
  initialize,
  authorize,
  delegate,
  split,
  withdraw,
  deactivate,
  setLockup,
  merge,
  authorizeWithSeed,
  initializeChecked,
  authorizeChecked,
  authorizeCheckedWithSeed,
  setLockupChecked,
  getMinimumDelegation,
  deactivateDelinquent,
  redelegate,
  moveBetween('moveStake'),
  moveBetween('moveLamports'),
];

export const parseStake = byU32Tag(STAKE_INSTRUCTIONS);
