/**
 * The Vote program's instructions, as the node renders them (bincode, u32 variant tags). The
 * compact vote-state updates and tower syncs are written with offsets from the root in variable-
 * length integers, and rendered with the absolute slots they stand for.
 */
import { Accounts, DataReader, instruction, jsonInteger, notParsable, undecodable, type Info, byU32Tag, type TaggedParser } from './reader.js';


/** VoteAuthorize, a u32 variant the node writes by its Rust name. */
function voteAuthorize(r: DataReader): string {
  const name = ['Voter', 'Withdrawer'][r.u32()];
  if (name === undefined) throw undecodable;
  return name;
}

const hash = (r: DataReader) => r.pubkey();
const optionalI64 = (r: DataReader) => r.option((x) => jsonInteger(x.i64()));
const optionalU64 = (r: DataReader) => r.option((x) => jsonInteger(x.u64()));

/** A Lockout as serde writes the struct: its Rust field names. */
const lockout = (slot: bigint, confirmationCount: number) => ({ confirmation_count: confirmationCount, slot: jsonInteger(slot) });

/** Vote: every slot voted on, the bank hash, an optional timestamp. */
function vote(r: DataReader): Info {
  const slots = Array.from({ length: r.length(8) }, () => jsonInteger(r.u64()));
  return { slots, hash: hash(r), timestamp: optionalI64(r) };
}

/** VoteStateUpdate in its full form: lockouts, optional root, hash, optional timestamp. */
function voteStateUpdate(r: DataReader): Info {
  const lockouts = Array.from({ length: r.length(12) }, () => lockout(r.u64(), r.u32()));
  return { lockouts, root: optionalU64(r), hash: hash(r), timestamp: optionalI64(r) };
}

/** short_vec length: up to three 7-bit groups, no zero continuation byte, within u16. */
function shortU16(r: DataReader): number {
  let value = 0;
  for (let nth = 0; nth < 3; nth++) {
    const byte = r.u8();
    if (byte === 0 && nth !== 0) throw undecodable;
    if (nth === 2 && byte & 0x80) throw undecodable;
    value |= (byte & 0x7f) << (7 * nth);
    if (value > 0xffff) throw undecodable;
    if (!(byte & 0x80)) return value;
  }
  throw undecodable;
}

/** serde_varint u64: LEB128 with no truncated last byte and no trailing zero byte. */
function varintU64(r: DataReader): bigint {
  let out = 0n;
  for (let shift = 0n; shift < 64n; shift += 7n) {
    const byte = r.u8();
    // Bits shifted past 64 are lost, as in the node; the check below then refuses the byte.
    out = BigInt.asUintN(64, out | (BigInt(byte & 0x7f) << shift));
    if (!(byte & 0x80)) {
      if (BigInt.asUintN(8, out >> shift) !== BigInt(byte)) throw undecodable;
      if (byte === 0 && (shift !== 0n || out !== 0n)) throw undecodable;
      return out;
    }
  }
  throw undecodable;
}

const U64_MAX = (1n << 64n) - 1n;

/** Root (u64::MAX for none) and lockout offsets, each slot the previous plus its offset. */
function compactLockouts(r: DataReader): { root: bigint | null; lockouts: ReturnType<typeof lockout>[] } {
  const rawRoot = r.u64();
  const root = rawRoot === U64_MAX ? null : rawRoot;
  let slot = root ?? 0n;
  const lockouts = Array.from({ length: shortU16(r) }, () => {
    slot += varintU64(r);
    if (slot > U64_MAX) throw undecodable;
    return lockout(slot, r.u8());
  });
  return { root, lockouts };
}

function compactVoteStateUpdate(r: DataReader): Info {
  const { root, lockouts } = compactLockouts(r);
  return { lockouts, root: root === null ? null : jsonInteger(root), hash: hash(r), timestamp: optionalI64(r) };
}

function towerSync(r: DataReader): Info {
  const { root, lockouts } = compactLockouts(r);
  const fields = { lockouts, root: root === null ? null : jsonInteger(root), hash: hash(r), timestamp: optionalI64(r) };
  return { ...fields, blockId: hash(r) };
}

const voterAccounts = (a: Accounts) => ({ voteAccount: a.key(0), voteAuthority: a.key(1) });

/** The tower-style updates: two accounts, the update under `field`, and a switch proof hash for the switch forms. */
const towerUpdate =
  (type: string, field: string, read: (r: DataReader) => Info, withSwitch: boolean): TaggedParser =>
  (r, a) => {
    const update = read(r);
    const switchHash = withSwitch ? hash(r) : undefined;
    a.require(2);
    const info: Info = { ...voterAccounts(a), [field]: update };
    if (switchHash !== undefined) info.hash = switchHash;
    return instruction(type, info);
  };

const classicVote =
  (type: string, withSwitch: boolean): TaggedParser =>
  (r, a) => {
    const voted = vote(r);
    const switchHash = withSwitch ? hash(r) : undefined;
    a.require(4);
    const info: Info = { voteAccount: a.key(0), slotHashesSysvar: a.key(1), clockSysvar: a.key(2), voteAuthority: a.key(3), vote: voted };
    if (switchHash !== undefined) info.hash = switchHash;
    return instruction(type, info);
  };

const initialize: TaggedParser = (r, a) => {
  r.pubkey(); // the node key is read from the accounts instead
  const authorizedVoter = r.pubkey();
  const authorizedWithdrawer = r.pubkey();
  const commission = r.u8();
  a.require(4);
  return instruction('initialize', {
    voteAccount: a.key(0),
    rentSysvar: a.key(1),
    clockSysvar: a.key(2),
    node: a.key(3),
    authorizedVoter,
    authorizedWithdrawer,
    commission,
  });
};

const authorize: TaggedParser = (r, a) => {
  const newAuthority = r.pubkey();
  const authorityType = voteAuthorize(r);
  a.require(3);
  return instruction('authorize', { voteAccount: a.key(0), clockSysvar: a.key(1), authority: a.key(2), newAuthority, authorityType });
};

const withdraw: TaggedParser = (r, a) => {
  const lamports = jsonInteger(r.u64());
  a.require(3);
  return instruction('withdraw', { voteAccount: a.key(0), destination: a.key(1), withdrawAuthority: a.key(2), lamports });
};

const updateValidatorIdentity: TaggedParser = (_r, a) => {
  a.require(3);
  return instruction('updateValidatorIdentity', { voteAccount: a.key(0), newValidatorIdentity: a.key(1), withdrawAuthority: a.key(2) });
};

const updateCommission: TaggedParser = (r, a) => {
  const commission = r.u8();
  a.require(2);
  return instruction('updateCommission', { voteAccount: a.key(0), withdrawAuthority: a.key(1), commission });
};

const authorizeChecked: TaggedParser = (r, a) => {
  const authorityType = voteAuthorize(r);
  a.require(4);
  return instruction('authorizeChecked', {
    voteAccount: a.key(0),
    clockSysvar: a.key(1),
    authority: a.key(2),
    newAuthority: a.key(3),
    authorityType,
  });
};

/** The seed forms name the base key's owner and seed; the checked one takes the new authority as a signer. */
const withSeed =
  (checked: boolean): TaggedParser =>
  (r, a) => {
    const authorityType = voteAuthorize(r);
    const authorityOwner = r.pubkey();
    const authoritySeed = r.string();
    const newAuthority = checked ? undefined : r.pubkey();
    a.require(checked ? 4 : 3);
    return instruction(checked ? 'authorizeCheckedWithSeed' : 'authorizeWithSeed', {
      voteAccount: a.key(0),
      clockSysvar: a.key(1),
      authorityBaseKey: a.key(2),
      authorityOwner,
      authoritySeed,
      newAuthority: newAuthority ?? a.key(3),
      authorityType,
    });
  };

/** CommissionKind, a u32 variant the node writes by its Rust name. */
function commissionKind(r: DataReader): string {
  const name = ['InflationRewards', 'BlockRevenue'][r.u32()];
  if (name === undefined) throw undecodable;
  return name;
}

const updateCommissionCollector: TaggedParser = (r, a) => {
  const commissionKindName = commissionKind(r);
  a.require(3);
  return instruction('updateCommissionCollector', {
    voteAccount: a.key(0),
    newCollector: a.key(1),
    withdrawAuthority: a.key(2),
    commissionKind: commissionKindName,
  });
};

const updateCommissionBps: TaggedParser = (r, a) => {
  const commissionBps = r.u16();
  const kind = commissionKind(r);
  a.require(2);
  return instruction('updateCommissionBps', { voteAccount: a.key(0), withdrawAuthority: a.key(1), commissionBps, commissionKind: kind });
};

const depositDelegatorRewards: TaggedParser = (r, a) => {
  const deposit = jsonInteger(r.u64());
  a.require(2);
  return instruction('depositDelegatorRewards', { voteAccount: a.key(0), source: a.key(1), deposit });
};

/**
 * InitializeAccountV2's data layout changed while the feature was specified (collector keys in the
 * data or only as accounts); it is refused rather than guessed.
 */
const initializeV2: TaggedParser = () => {
  throw notParsable;
};

// Indexed by the VoteInstruction variant.
const VOTE_INSTRUCTIONS: readonly TaggedParser[] = [
  initialize,
  authorize,
  classicVote('vote', false),
  withdraw,
  updateValidatorIdentity,
  updateCommission,
  classicVote('voteSwitch', true),
  authorizeChecked,
  towerUpdate('updatevotestate', 'voteStateUpdate', voteStateUpdate, false),
  towerUpdate('updatevotestateswitch', 'voteStateUpdate', voteStateUpdate, true),
  withSeed(false),
  withSeed(true),
  towerUpdate('compactupdatevotestate', 'voteStateUpdate', compactVoteStateUpdate, false),
  towerUpdate('compactupdatevotestateswitch', 'voteStateUpdate', compactVoteStateUpdate, true),
  towerUpdate('towersync', 'towerSync', towerSync, false),
  towerUpdate('towersyncswitch', 'towerSync', towerSync, true),
  initializeV2,
  updateCommissionCollector,
  updateCommissionBps,
  depositDelegatorRewards,
];

export const parseVote = byU32Tag(VOTE_INSTRUCTIONS);
