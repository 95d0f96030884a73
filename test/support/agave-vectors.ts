/**
 * Instructions and the exact jsonParsed `parsed` value Agave's own unit tests state for them, rebuilt
 * here byte for byte: the same instruction data and the same account list, with our keys in place of
 * the tests' `Pubkey::new_unique()` ones (only equality between keys matters to the parsers).
 *
 * Source (Apache-2.0): anza-xyz/agave, transaction-status/src/
 *   parse_stake.rs                       @ 08bb305b6042c0478024db5841b8bfa1d1ac86e6
 *   parse_system.rs                      @ 358b2cdd10c236b30d9f10745faba7598dca9a8f
 *   parse_token.rs                       @ 12c441b43a54e17c736f34579a549a85042112e8
 *   parse_token/extension/mint_close_authority.rs @ 976a87e80067ba8e296a443579096935851a1716
 *   parse_token/extension/{reallocate,permanent_delegate,cpi_guard}.rs @ d410e6e7b8d24ffac8ca27b50827282284168bb0
 *   parse_token/extension/transfer_fee.rs @ 12c441b43a54e17c736f34579a549a85042112e8
 *   parse_token/extension/{memo_transfer,metadata_pointer}.rs @ 3560ee90d3a5276ae52fabe951e5aca46887e0ec
 *   parse_token/extension/group_pointer.rs @ e727192bf902e8a1d91c22fd0ea7d1ac568d914b
 *   parse_token/extension/{transfer_hook,group_member_pointer,default_account_state}.rs @ 404811677c9549069707dba43ee09371fa1b5f5c
 *   parse_token/extension/token_metadata.rs @ 3560ee90d3a5276ae52fabe951e5aca46887e0ec
 *   parse_token/extension/token_group.rs @ 12c441b43a54e17c736f34579a549a85042112e8
 *   parse_token/extension/permissioned_burn.rs @ 2fe9ec928921ce5695da2fac17ffeb575c9c6def
 *   parse_associated_token.rs            @ b6c5372a9d7d98effbcb7b98e7509ecc01b2df5a
 *   parse_bpf_loader.rs                  @ 2698fd3ef114b11df29617462e176ad9dd1a0e66 and 5192176d3f2e9a26e87e147be068938d133d0a5d
 *   parse_vote.rs                        @ 532b4a10c72e0ea9335997d0b4234926c07777d1
 *   parse_address_lookup_table.rs        read from the fork zz-sol/agave @ af73c6893398455bbfc8bad270fc1ec61a5d7a6a
 *                                        (the library holds no copy of anza-xyz/agave's)
 * Each vector names its test function. `raw` vectors are the tests' `is_err()` cases that drop an
 * account: the node then renders the partially decoded shape.
 */
import { createHash } from 'node:crypto';

import { decodeBase58, encodeBase58 } from '../../src/codec/base58.js';

export const PROGRAMS = {
  system: '11111111111111111111111111111111',
  stake: 'Stake11111111111111111111111111111111111111',
  token: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  token2022: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  ata: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
  bpfLoader: 'BPFLoader2111111111111111111111111111111111',
  upgradeable: 'BPFLoaderUpgradeab1e11111111111111111111111',
  lookupTable: 'AddressLookupTab1e1111111111111111111111111',
  vote: 'Vote111111111111111111111111111111111111111',
} as const;

export const SYSVAR = {
  rent: 'SysvarRent111111111111111111111111111111111',
  clock: 'SysvarC1ock11111111111111111111111111111111',
  stakeHistory: 'SysvarStakeHistory1111111111111111111111111',
  recentBlockhashes: 'SysvarRecentB1ockHashes11111111111111111111',
  stakeConfig: 'StakeConfig11111111111111111111111111111111',
  slotHashes: 'SysvarS1otHashes111111111111111111111111111',
  nativeMint2022: '9pan9bMn5HatX4EJdBwg9VgCa7Uz5HL8N1m5D3NdXejP',
};

export interface AgaveVector {
  /** `<file> <test function>` in Agave. */
  source: string;
  programId: string;
  accounts: string[];
  data: number[];
  expected: { type: string; info?: Record<string, unknown> } | 'raw';
}

// Pubkey::new_unique's layout: a counter, big-endian, in the first eight bytes.
let counter = 0;
const named = new Map<string, string>();
/** A distinct key per name, fixed for the run. */
export function key(name: string): string {
  let k = named.get(name);
  if (k === undefined) {
    const bytes = new Uint8Array(32);
    new DataView(bytes.buffer).setBigUint64(0, BigInt(++counter) + 0x1000n);
    k = encodeBase58(bytes);
    named.set(name, k);
  }
  return k;
}

const le = (value: bigint, bytes: number) =>
  Array.from({ length: bytes }, (_, i) => Number((BigInt.asUintN(bytes * 8, value) >> BigInt(8 * i)) & 0xffn));
export const u32 = (n: number) => le(BigInt(n), 4);
export const u64 = (n: number | bigint) => le(BigInt(n), 8);
export const i64 = (n: number | bigint) => le(BigInt(n), 8);
export const pk = (k: string) => [...decodeBase58(k)!];
export const str = (s: string) => [...u64(Buffer.byteLength(s)), ...Buffer.from(s)];
/** bincode Option and spl-token COption both tag 0 / 1 in one byte here. */
export const opt = (bytes?: number[]) => (bytes === undefined ? [0] : [1, ...bytes]);

const STAKE = 'parse_stake.rs';
const SYSTEM = 'parse_system.rs';
const TOKEN = 'parse_token.rs';

const lockup = { unixTimestamp: 1_234_567_890, epoch: 11, custodian: key('lockup custodian') };
const authorized = { staker: key('staker'), withdrawer: key('withdrawer') };
const initializeData = [
  ...u32(0),
  ...pk(authorized.staker),
  ...pk(authorized.withdrawer),
  ...i64(lockup.unixTimestamp),
  ...u64(lockup.epoch),
  ...pk(lockup.custodian),
];
const authorizeData = (who: number) => [...u32(1), ...pk(key('new authority')), ...u32(who)];
const seedArgs = (who: number) => [...u32(who), ...str('test_seed'), ...pk(key('authority owner'))];

const stakeVectors: AgaveVector[] = [
  {
    source: `${STAKE} test_parse_stake_initialize_ix`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), SYSVAR.rent],
    data: initializeData,
    expected: { type: 'initialize', info: { stakeAccount: key('stake'), rentSysvar: SYSVAR.rent, authorized, lockup } },
  },
  {
    source: `${STAKE} test_parse_stake_initialize_ix (minimal layout, second account not the rent sysvar)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('other')],
    data: initializeData,
    expected: { type: 'initialize', info: { stakeAccount: key('stake'), authorized, lockup } },
  },
  {
    source: `${STAKE} test_parse_stake_initialize_ix (minimal layout)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake')],
    data: initializeData,
    expected: { type: 'initialize', info: { stakeAccount: key('stake'), authorized, lockup } },
  },
  {
    source: `${STAKE} test_parse_stake_authorize_ix`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), SYSVAR.clock, key('authority')],
    data: authorizeData(0),
    expected: {
      type: 'authorize',
      info: {
        stakeAccount: key('stake'),
        clockSysvar: SYSVAR.clock,
        authority: key('authority'),
        newAuthority: key('new authority'),
        authorityType: 'Staker',
      },
    },
  },
  {
    source: `${STAKE} test_parse_stake_authorize_ix (withdrawer, custodian)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), SYSVAR.clock, key('authority'), key('custodian')],
    data: authorizeData(1),
    expected: {
      type: 'authorize',
      info: {
        stakeAccount: key('stake'),
        clockSysvar: SYSVAR.clock,
        authority: key('authority'),
        newAuthority: key('new authority'),
        authorityType: 'Withdrawer',
        custodian: key('custodian'),
      },
    },
  },
  {
    source: `${STAKE} test_parse_stake_authorize_ix (two accounts popped)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), SYSVAR.clock],
    data: authorizeData(1),
    expected: 'raw',
  },
  {
    source: `${STAKE} test_parse_stake_authorize_ix (minimal layout, custodian)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('authority'), key('custodian')],
    data: authorizeData(0),
    expected: {
      type: 'authorize',
      info: {
        stakeAccount: key('stake'),
        authority: key('authority'),
        newAuthority: key('new authority'),
        authorityType: 'Staker',
        custodian: key('custodian'),
      },
    },
  },
  {
    source: `${STAKE} test_parse_stake_delegate_ix`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('vote'), SYSVAR.clock, SYSVAR.stakeHistory, SYSVAR.stakeConfig, key('authority')],
    data: u32(2),
    expected: {
      type: 'delegate',
      info: {
        stakeAccount: key('stake'),
        voteAccount: key('vote'),
        clockSysvar: SYSVAR.clock,
        stakeHistorySysvar: SYSVAR.stakeHistory,
        stakeConfigAccount: SYSVAR.stakeConfig,
        stakeAuthority: key('authority'),
      },
    },
  },
  {
    source: `${STAKE} test_parse_stake_delegate_ix (authority popped)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('vote'), SYSVAR.clock, SYSVAR.stakeHistory, SYSVAR.stakeConfig],
    data: u32(2),
    expected: {
      type: 'delegate',
      info: {
        stakeAccount: key('stake'),
        voteAccount: key('vote'),
        clockSysvar: SYSVAR.clock,
        stakeHistorySysvar: SYSVAR.stakeHistory,
        stakeConfigAccount: SYSVAR.stakeConfig,
      },
    },
  },
  {
    source: `${STAKE} test_parse_stake_delegate_ix (config popped too)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('vote'), SYSVAR.clock, SYSVAR.stakeHistory],
    data: u32(2),
    expected: 'raw',
  },
  {
    source: `${STAKE} test_parse_stake_delegate_ix (authority in the config position)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('vote'), SYSVAR.clock, SYSVAR.stakeHistory, key('authority')],
    data: u32(2),
    expected: {
      type: 'delegate',
      info: {
        stakeAccount: key('stake'),
        voteAccount: key('vote'),
        clockSysvar: SYSVAR.clock,
        stakeHistorySysvar: SYSVAR.stakeHistory,
        stakeAuthority: key('authority'),
      },
    },
  },
  {
    source: `${STAKE} test_parse_stake_delegate_ix (minimal layout)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('vote'), key('authority')],
    data: u32(2),
    expected: { type: 'delegate', info: { stakeAccount: key('stake'), voteAccount: key('vote'), stakeAuthority: key('authority') } },
  },
  {
    source: `${STAKE} test_parse_stake_split_ix`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('split'), key('authority')],
    data: [...u32(3), ...u64(55)],
    expected: {
      type: 'split',
      info: { stakeAccount: key('stake'), newSplitAccount: key('split'), stakeAuthority: key('authority'), lamports: 55 },
    },
  },
  {
    source: `${STAKE} test_parse_stake_split_ix (minimal layout)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('split')],
    data: [...u32(3), ...u64(55)],
    expected: { type: 'split', info: { stakeAccount: key('stake'), newSplitAccount: key('split'), lamports: 55 } },
  },
  {
    source: `${STAKE} test_parse_stake_withdraw_ix`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('to'), SYSVAR.clock, SYSVAR.stakeHistory, key('withdrawer'), key('custodian')],
    data: [...u32(4), ...u64(55)],
    expected: {
      type: 'withdraw',
      info: {
        stakeAccount: key('stake'),
        destination: key('to'),
        clockSysvar: SYSVAR.clock,
        stakeHistorySysvar: SYSVAR.stakeHistory,
        withdrawAuthority: key('withdrawer'),
        custodian: key('custodian'),
        lamports: 55,
      },
    },
  },
  {
    source: `${STAKE} test_parse_stake_withdraw_ix (two accounts popped)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('to'), SYSVAR.clock, SYSVAR.stakeHistory],
    data: [...u32(4), ...u64(55)],
    expected: 'raw',
  },
  {
    source: `${STAKE} test_parse_stake_withdraw_ix (minimal layout)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('to'), key('withdrawer')],
    data: [...u32(4), ...u64(55)],
    expected: {
      type: 'withdraw',
      info: { stakeAccount: key('stake'), destination: key('to'), withdrawAuthority: key('withdrawer'), lamports: 55 },
    },
  },
  {
    source: `${STAKE} test_parse_stake_deactivate_stake_ix`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), SYSVAR.clock, key('authority')],
    data: u32(5),
    expected: { type: 'deactivate', info: { stakeAccount: key('stake'), clockSysvar: SYSVAR.clock, stakeAuthority: key('authority') } },
  },
  {
    source: `${STAKE} test_parse_stake_deactivate_stake_ix (authority popped)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), SYSVAR.clock],
    data: u32(5),
    expected: { type: 'deactivate', info: { stakeAccount: key('stake'), clockSysvar: SYSVAR.clock } },
  },
  {
    source: `${STAKE} test_parse_stake_deactivate_stake_ix (clock popped too)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake')],
    data: u32(5),
    expected: 'raw',
  },
  {
    source: `${STAKE} test_parse_stake_deactivate_stake_ix (minimal layout)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('authority')],
    data: u32(5),
    expected: { type: 'deactivate', info: { stakeAccount: key('stake'), stakeAuthority: key('authority') } },
  },
  {
    source: `${STAKE} test_parse_stake_merge_ix`,
    programId: PROGRAMS.stake,
    accounts: [key('destination'), key('source'), SYSVAR.clock, SYSVAR.stakeHistory, key('authority')],
    data: u32(7),
    expected: {
      type: 'merge',
      info: {
        destination: key('destination'),
        source: key('source'),
        clockSysvar: SYSVAR.clock,
        stakeHistorySysvar: SYSVAR.stakeHistory,
        stakeAuthority: key('authority'),
      },
    },
  },
  {
    source: `${STAKE} test_parse_stake_merge_ix (two accounts popped)`,
    programId: PROGRAMS.stake,
    accounts: [key('destination'), key('source'), SYSVAR.clock],
    data: u32(7),
    expected: 'raw',
  },
  {
    source: `${STAKE} test_parse_stake_merge_ix (minimal layout)`,
    programId: PROGRAMS.stake,
    accounts: [key('destination'), key('source'), key('authority')],
    data: u32(7),
    expected: { type: 'merge', info: { destination: key('destination'), source: key('source'), stakeAuthority: key('authority') } },
  },
  {
    source: `${STAKE} test_parse_stake_authorize_with_seed_ix (withdrawer, custodian)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('authority base'), SYSVAR.clock, key('custodian')],
    data: [...u32(8), ...pk(key('new authority')), ...seedArgs(1)],
    expected: {
      type: 'authorizeWithSeed',
      info: {
        stakeAccount: key('stake'),
        authorityOwner: key('authority owner'),
        newAuthorized: key('new authority'),
        authorityBase: key('authority base'),
        authoritySeed: 'test_seed',
        authorityType: 'Withdrawer',
        clockSysvar: SYSVAR.clock,
        custodian: key('custodian'),
      },
    },
  },
  {
    source: `${STAKE} test_parse_stake_authorize_with_seed_ix (minimal layout)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('authority base'), key('custodian')],
    data: [...u32(8), ...pk(key('new authority')), ...seedArgs(1)],
    expected: {
      type: 'authorizeWithSeed',
      info: {
        stakeAccount: key('stake'),
        authorityOwner: key('authority owner'),
        newAuthorized: key('new authority'),
        authorityBase: key('authority base'),
        authoritySeed: 'test_seed',
        authorityType: 'Withdrawer',
        custodian: key('custodian'),
      },
    },
  },
  {
    source: `${STAKE} test_parse_stake_set_lockup (all three fields)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('custodian')],
    data: [...u32(6), ...opt(i64(1_234_567_890)), ...opt(u64(11)), ...opt(pk(key('new custodian')))],
    expected: {
      type: 'setLockup',
      info: {
        stakeAccount: key('stake'),
        custodian: key('custodian'),
        lockup: { unixTimestamp: 1_234_567_890, epoch: 11, custodian: key('new custodian') },
      },
    },
  },
  {
    source: `${STAKE} test_parse_stake_set_lockup (timestamp only)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('custodian')],
    data: [...u32(6), ...opt(i64(1_234_567_890)), ...opt(), ...opt()],
    expected: {
      type: 'setLockup',
      info: { stakeAccount: key('stake'), custodian: key('custodian'), lockup: { unixTimestamp: 1_234_567_890 } },
    },
  },
  {
    source: `${STAKE} test_parse_stake_set_lockup (custodian popped)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake')],
    data: [...u32(6), ...opt(i64(1_234_567_890)), ...opt(), ...opt()],
    expected: 'raw',
  },
  {
    source: `${STAKE} test_parse_stake_set_lockup (set_lockup_checked, epoch)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('custodian')],
    data: [...u32(12), ...opt(i64(1_234_567_890)), ...opt(u64(11))],
    expected: {
      type: 'setLockupChecked',
      info: { stakeAccount: key('stake'), custodian: key('custodian'), lockup: { unixTimestamp: 1_234_567_890, epoch: 11 } },
    },
  },
  {
    source: `${STAKE} test_parse_stake_set_lockup (set_lockup_checked, new custodian signs)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('custodian'), key('new custodian')],
    data: [...u32(12), ...opt(i64(1_234_567_890)), ...opt(u64(11))],
    expected: {
      type: 'setLockupChecked',
      info: {
        stakeAccount: key('stake'),
        custodian: key('custodian'),
        lockup: { unixTimestamp: 1_234_567_890, epoch: 11, custodian: key('new custodian') },
      },
    },
  },
  {
    source: `${STAKE} test_parse_stake_create_account_checked_ix`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), SYSVAR.rent, authorized.staker, authorized.withdrawer],
    data: u32(9),
    expected: { type: 'initializeChecked', info: { stakeAccount: key('stake'), rentSysvar: SYSVAR.rent, ...authorized } },
  },
  {
    source: `${STAKE} test_parse_stake_create_account_checked_ix (minimal layout)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), authorized.staker, authorized.withdrawer],
    data: u32(9),
    expected: { type: 'initializeChecked', info: { stakeAccount: key('stake'), ...authorized } },
  },
  {
    source: `${STAKE} test_parse_stake_authorize_checked_ix (withdrawer, custodian)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), SYSVAR.clock, key('authority'), key('new authority'), key('custodian')],
    data: [...u32(10), ...u32(1)],
    expected: {
      type: 'authorizeChecked',
      info: {
        stakeAccount: key('stake'),
        clockSysvar: SYSVAR.clock,
        authority: key('authority'),
        newAuthority: key('new authority'),
        authorityType: 'Withdrawer',
        custodian: key('custodian'),
      },
    },
  },
  {
    source: `${STAKE} test_parse_stake_authorize_checked_ix (minimal layout)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('authority'), key('new authority')],
    data: [...u32(10), ...u32(0)],
    expected: {
      type: 'authorizeChecked',
      info: { stakeAccount: key('stake'), authority: key('authority'), newAuthority: key('new authority'), authorityType: 'Staker' },
    },
  },
  {
    source: `${STAKE} test_parse_stake_authorize_checked_with_seed_ix`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('authority base'), SYSVAR.clock, key('new authority')],
    data: [...u32(11), ...seedArgs(0)],
    expected: {
      type: 'authorizeCheckedWithSeed',
      info: {
        stakeAccount: key('stake'),
        authorityOwner: key('authority owner'),
        newAuthorized: key('new authority'),
        authorityBase: key('authority base'),
        authoritySeed: 'test_seed',
        authorityType: 'Staker',
        clockSysvar: SYSVAR.clock,
      },
    },
  },
  {
    source: `${STAKE} test_parse_stake_authorize_checked_with_seed_ix (minimal layout, custodian)`,
    programId: PROGRAMS.stake,
    accounts: [key('stake'), key('authority base'), key('new authority'), key('custodian')],
    data: [...u32(11), ...seedArgs(0)],
    expected: {
      type: 'authorizeCheckedWithSeed',
      info: {
        stakeAccount: key('stake'),
        authorityOwner: key('authority owner'),
        newAuthorized: key('new authority'),
        authorityBase: key('authority base'),
        authoritySeed: 'test_seed',
        authorityType: 'Staker',
        custodian: key('custodian'),
      },
    },
  },
  ...['moveStake', 'moveLamports'].map((type, i): AgaveVector => ({
    source: `${STAKE} test_parse_stake_move_ix (${type})`,
    programId: PROGRAMS.stake,
    accounts: [key('source'), key('destination'), key('authority')],
    data: [...u32(16 + i), ...u64(1_000_000)],
    expected: {
      type,
      info: { source: key('source'), destination: key('destination'), stakeAuthority: key('authority'), lamports: 1_000_000 },
    },
  })),
  {
    source: `${STAKE} test_parse_stake_move_ix (authority popped)`,
    programId: PROGRAMS.stake,
    accounts: [key('source'), key('destination')],
    data: [...u32(16), ...u64(1_000_000)],
    expected: 'raw',
  },
];

const systemVectors: AgaveVector[] = [
  {
    source: `${SYSTEM} test_parse_system_create_account_ix`,
    programId: PROGRAMS.system,
    accounts: [key('from'), key('to')],
    data: [...u32(0), ...u64(55), ...u64(128), ...pk(key('owner'))],
    expected: {
      type: 'createAccount',
      info: { source: key('from'), newAccount: key('to'), lamports: 55, owner: key('owner'), space: 128 },
    },
  },
  {
    source: `${SYSTEM} test_parse_system_create_account_ix (account popped)`,
    programId: PROGRAMS.system,
    accounts: [key('from')],
    data: [...u32(0), ...u64(55), ...u64(128), ...pk(key('owner'))],
    expected: 'raw',
  },
  {
    source: `${SYSTEM} test_parse_system_create_account_allow_prefund_ix`,
    programId: PROGRAMS.system,
    accounts: [key('to'), key('from')],
    data: [...u32(13), ...u64(55), ...u64(128), ...pk(key('owner'))],
    expected: {
      type: 'createAccountAllowPrefund',
      info: { newAccount: key('to'), source: key('from'), lamports: 55, owner: key('owner'), space: 128 },
    },
  },
  {
    source: `${SYSTEM} test_parse_system_create_account_allow_prefund_ix_no_payer`,
    programId: PROGRAMS.system,
    accounts: [key('to')],
    data: [...u32(13), ...u64(0), ...u64(128), ...pk(key('owner'))],
    expected: { type: 'createAccountAllowPrefund', info: { newAccount: key('to'), owner: key('owner'), space: 128 } },
  },
  {
    source: `${SYSTEM} test_parse_system_create_account_with_seed_ix`,
    programId: PROGRAMS.system,
    accounts: [key('from'), key('to'), key('base')],
    data: [...u32(3), ...pk(key('base')), ...str('test_seed'), ...u64(55), ...u64(128), ...pk(key('owner'))],
    expected: {
      type: 'createAccountWithSeed',
      info: {
        source: key('from'),
        newAccount: key('to'),
        lamports: 55,
        base: key('base'),
        seed: 'test_seed',
        owner: key('owner'),
        space: 128,
      },
    },
  },
  {
    source: `${SYSTEM} test_parse_system_allocate_with_seed_ix`,
    programId: PROGRAMS.system,
    accounts: [key('account'), key('base')],
    data: [...u32(9), ...pk(key('base')), ...str('test_seed'), ...u64(128), ...pk(key('owner'))],
    expected: {
      type: 'allocateWithSeed',
      info: { account: key('account'), base: key('base'), seed: 'test_seed', owner: key('owner'), space: 128 },
    },
  },
  {
    source: `${SYSTEM} test_parse_system_allocate_with_seed_ix (base popped)`,
    programId: PROGRAMS.system,
    accounts: [key('account')],
    data: [...u32(9), ...pk(key('base')), ...str('test_seed'), ...u64(128), ...pk(key('owner'))],
    expected: 'raw',
  },
  {
    source: `${SYSTEM} test_parse_system_assign_with_seed_ix`,
    programId: PROGRAMS.system,
    accounts: [key('account'), key('base')],
    data: [...u32(10), ...pk(key('base')), ...str('test_seed'), ...pk(key('owner'))],
    expected: { type: 'assignWithSeed', info: { account: key('account'), base: key('base'), seed: 'test_seed', owner: key('owner') } },
  },
  {
    source: `${SYSTEM} test_parse_system_transfer_with_seed_ix`,
    programId: PROGRAMS.system,
    accounts: [key('from'), key('from base'), key('to')],
    data: [...u32(11), ...u64(55), ...str('test_seed'), ...pk(key('from owner'))],
    expected: {
      type: 'transferWithSeed',
      info: {
        source: key('from'),
        sourceBase: key('from base'),
        sourceSeed: 'test_seed',
        sourceOwner: key('from owner'),
        lamports: 55,
        destination: key('to'),
      },
    },
  },
  {
    source: `${SYSTEM} test_parse_system_transfer_with_seed_ix (destination popped)`,
    programId: PROGRAMS.system,
    accounts: [key('from'), key('from base')],
    data: [...u32(11), ...u64(55), ...str('test_seed'), ...pk(key('from owner'))],
    expected: 'raw',
  },
  {
    source: `${SYSTEM} test_parse_system_advance_nonce_account_ix`,
    programId: PROGRAMS.system,
    accounts: [key('nonce'), SYSVAR.recentBlockhashes, key('authority')],
    data: u32(4),
    expected: {
      type: 'advanceNonce',
      info: { nonceAccount: key('nonce'), recentBlockhashesSysvar: SYSVAR.recentBlockhashes, nonceAuthority: key('authority') },
    },
  },
  {
    source: `${SYSTEM} test_parse_system_advance_nonce_account_ix (authority popped)`,
    programId: PROGRAMS.system,
    accounts: [key('nonce'), SYSVAR.recentBlockhashes],
    data: u32(4),
    expected: 'raw',
  },
  {
    source: `${SYSTEM} test_parse_system_withdraw_nonce_account_ix`,
    programId: PROGRAMS.system,
    accounts: [key('nonce'), key('to'), SYSVAR.recentBlockhashes, SYSVAR.rent, key('authority')],
    data: [...u32(5), ...u64(55)],
    expected: {
      type: 'withdrawFromNonce',
      info: {
        nonceAccount: key('nonce'),
        destination: key('to'),
        recentBlockhashesSysvar: SYSVAR.recentBlockhashes,
        rentSysvar: SYSVAR.rent,
        nonceAuthority: key('authority'),
        lamports: 55,
      },
    },
  },
  {
    source: `${SYSTEM} test_parse_system_initialize_nonce_ix`,
    programId: PROGRAMS.system,
    accounts: [key('nonce'), SYSVAR.recentBlockhashes, SYSVAR.rent],
    data: [...u32(6), ...pk(key('authority'))],
    expected: {
      type: 'initializeNonce',
      info: {
        nonceAccount: key('nonce'),
        recentBlockhashesSysvar: SYSVAR.recentBlockhashes,
        rentSysvar: SYSVAR.rent,
        nonceAuthority: key('authority'),
      },
    },
  },
  {
    source: `${SYSTEM} test_parse_system_authorize_nonce_account_ix`,
    programId: PROGRAMS.system,
    accounts: [key('nonce'), key('authority')],
    data: [...u32(7), ...pk(key('new authority'))],
    expected: {
      type: 'authorizeNonce',
      info: { nonceAccount: key('nonce'), newAuthorized: key('new authority'), nonceAuthority: key('authority') },
    },
  },
  {
    source: `${SYSTEM} test_parse_system_authorize_nonce_account_ix (authority popped)`,
    programId: PROGRAMS.system,
    accounts: [key('nonce')],
    data: [...u32(7), ...pk(key('new authority'))],
    expected: 'raw',
  },
];

const amount42 = { uiAmount: 0.42, decimals: 2, amount: '42', uiAmountString: '0.42' };
const multisigSigners = [key('multisig signer 0'), key('multisig signer 1')];

/** test_parse_token runs the same list for both token programs. */
function tokenVectors(programId: string, label: string): AgaveVector[] {
  const v = (name: string, accounts: string[], data: number[], expected: AgaveVector['expected']): AgaveVector => ({
    source: `${TOKEN} test_parse_token_${label} (${name})`,
    programId,
    accounts,
    data,
    expected,
  });
  const [mint, account, owner, recipient, multisig] = [key('mint'), key('account'), key('owner'), key('recipient'), key('multisig')];
  const [mintAuthority, freezeAuthority] = [key('mint authority'), key('freeze authority')];
  return [
    v('InitializeMint', [mint, SYSVAR.rent], [0, 2, ...pk(mintAuthority), ...opt(pk(freezeAuthority))], {
      type: 'initializeMint',
      info: { mint, decimals: 2, mintAuthority, freezeAuthority, rentSysvar: SYSVAR.rent },
    }),
    v('InitializeMint, no freeze authority', [mint, SYSVAR.rent], [0, 2, ...pk(mintAuthority), ...opt()], {
      type: 'initializeMint',
      info: { mint, decimals: 2, mintAuthority, rentSysvar: SYSVAR.rent },
    }),
    v('InitializeMint2', [mint], [20, 2, ...pk(mintAuthority), ...opt(pk(freezeAuthority))], {
      type: 'initializeMint2',
      info: { mint, decimals: 2, mintAuthority, freezeAuthority },
    }),
    v('InitializeAccount', [account, mint, owner, SYSVAR.rent], [1], {
      type: 'initializeAccount',
      info: { account, mint, owner, rentSysvar: SYSVAR.rent },
    }),
    v('InitializeAccount2', [account, mint, SYSVAR.rent], [16, ...pk(owner)], {
      type: 'initializeAccount2',
      info: { account, mint, owner, rentSysvar: SYSVAR.rent },
    }),
    v('InitializeAccount3', [account, mint], [18, ...pk(owner)], { type: 'initializeAccount3', info: { account, mint, owner } }),
    v('InitializeMultisig', [multisig, SYSVAR.rent, ...multisigSigners, key('multisig signer 2')], [2, 2], {
      type: 'initializeMultisig',
      info: { multisig, m: 2, rentSysvar: SYSVAR.rent, signers: [...multisigSigners, key('multisig signer 2')] },
    }),
    v('InitializeMultisig2', [multisig, ...multisigSigners, key('multisig signer 2')], [19, 2], {
      type: 'initializeMultisig2',
      info: { multisig, m: 2, signers: [...multisigSigners, key('multisig signer 2')] },
    }),
    v('Transfer', [account, recipient, owner], [3, ...u64(42)], {
      type: 'transfer',
      info: { source: account, destination: recipient, authority: owner, amount: '42' },
    }),
    v('Transfer, multisig', [account, recipient, multisig, ...multisigSigners], [3, ...u64(42)], {
      type: 'transfer',
      info: { source: account, destination: recipient, multisigAuthority: multisig, signers: multisigSigners, amount: '42' },
    }),
    v('Approve', [account, recipient, owner], [4, ...u64(42)], {
      type: 'approve',
      info: { source: account, delegate: recipient, owner, amount: '42' },
    }),
    v('Approve, multisig', [account, recipient, multisig, ...multisigSigners], [4, ...u64(42)], {
      type: 'approve',
      info: { source: account, delegate: recipient, multisigOwner: multisig, signers: multisigSigners, amount: '42' },
    }),
    v('Revoke', [account, owner], [5], { type: 'revoke', info: { source: account, owner } }),
    v('SetAuthority, freeze', [mint, freezeAuthority], [6, 1, ...opt(pk(key('new freeze authority')))], {
      type: 'setAuthority',
      info: { mint, newAuthority: key('new freeze authority'), authority: freezeAuthority, authorityType: 'freezeAccount' },
    }),
    v('SetAuthority, close account to none', [account, owner], [6, 3, ...opt()], {
      type: 'setAuthority',
      info: { account, newAuthority: null, authority: owner, authorityType: 'closeAccount' },
    }),
    v('MintTo', [mint, account, mintAuthority], [7, ...u64(42)], { type: 'mintTo', info: { mint, account, mintAuthority, amount: '42' } }),
    v('Burn', [account, mint, owner], [8, ...u64(42)], { type: 'burn', info: { account, mint, authority: owner, amount: '42' } }),
    v('CloseAccount', [account, recipient, owner], [9], { type: 'closeAccount', info: { account, destination: recipient, owner } }),
    v('FreezeAccount', [account, mint, freezeAuthority], [10], { type: 'freezeAccount', info: { account, mint, freezeAuthority } }),
    v('ThawAccount', [account, mint, freezeAuthority], [11], { type: 'thawAccount', info: { account, mint, freezeAuthority } }),
    v('TransferChecked', [account, mint, recipient, owner], [12, ...u64(42), 2], {
      type: 'transferChecked',
      info: { source: account, destination: recipient, mint, authority: owner, tokenAmount: amount42 },
    }),
    v('TransferChecked, multisig', [account, mint, recipient, multisig, ...multisigSigners], [12, ...u64(42), 2], {
      type: 'transferChecked',
      info: { source: account, destination: recipient, mint, multisigAuthority: multisig, signers: multisigSigners, tokenAmount: amount42 },
    }),
    v('ApproveChecked', [account, mint, recipient, owner], [13, ...u64(42), 2], {
      type: 'approveChecked',
      info: { source: account, mint, delegate: recipient, owner, tokenAmount: amount42 },
    }),
    v('ApproveChecked, multisig', [account, mint, recipient, multisig, ...multisigSigners], [13, ...u64(42), 2], {
      type: 'approveChecked',
      info: { source: account, mint, delegate: recipient, multisigOwner: multisig, signers: multisigSigners, tokenAmount: amount42 },
    }),
    v('MintToChecked', [mint, account, mintAuthority], [14, ...u64(42), 2], {
      type: 'mintToChecked',
      info: { mint, account, mintAuthority, tokenAmount: amount42 },
    }),
    v('BurnChecked', [account, mint, owner], [15, ...u64(42), 2], {
      type: 'burnChecked',
      info: { account, mint, authority: owner, tokenAmount: amount42 },
    }),
    v('SyncNative', [account], [17], { type: 'syncNative', info: { account } }),
    v('InitializeImmutableOwner', [account], [22], { type: 'initializeImmutableOwner', info: { account } }),
    v('GetAccountDataSize', [mint], [21], { type: 'getAccountDataSize', info: { mint } }),
    v('GetAccountDataSize, extensions', [mint], [21, 7, 0, 8, 0], {
      type: 'getAccountDataSize',
      info: { mint, extensionTypes: ['immutableOwner', 'memoTransfer'] },
    }),
    v('AmountToUiAmount', [mint], [23, ...u64(4242)], { type: 'amountToUiAmount', info: { mint, amount: '4242' } }),
    v('UiAmountToAmount', [mint], [24, ...Buffer.from('42.42')], { type: 'uiAmountToAmount', info: { mint, uiAmount: '42.42' } }),
    // test_token_ix_not_enough_keys: one account fewer than each needs.
    v('InitializeMint, rent popped', [mint], [0, 2, ...pk(mintAuthority), ...opt()], 'raw'),
    v('InitializeAccount2, rent popped', [account, mint], [16, ...pk(owner)], 'raw'),
    v('ApproveChecked, owner popped', [account, mint, recipient], [13, ...u64(42), 2], 'raw'),
  ];
}

const token2022Only: AgaveVector[] = [
  {
    source: `${TOKEN} test_create_native_mint`,
    programId: PROGRAMS.token2022,
    accounts: [key('payer'), SYSVAR.nativeMint2022, PROGRAMS.system],
    data: [31],
    expected: {
      type: 'createNativeMint',
      info: { payer: key('payer'), nativeMint: SYSVAR.nativeMint2022, systemProgram: PROGRAMS.system },
    },
  },
  {
    source: 'parse_token/extension/mint_close_authority.rs test_parse_initialize_mint_close_authority_instruction',
    programId: PROGRAMS.token2022,
    accounts: [key('mint')],
    data: [25, ...opt(pk(key('close authority')))],
    expected: { type: 'initializeMintCloseAuthority', info: { mint: key('mint'), newAuthority: key('close authority') } },
  },
  {
    source: 'parse_token/extension/mint_close_authority.rs test_parse_initialize_mint_close_authority_instruction (none)',
    programId: PROGRAMS.token2022,
    accounts: [key('mint')],
    data: [25, ...opt()],
    expected: { type: 'initializeMintCloseAuthority', info: { mint: key('mint'), newAuthority: null } },
  },
  {
    source: 'parse_token/extension/reallocate.rs test_parse_reallocate_instruction',
    programId: PROGRAMS.token2022,
    accounts: [key('account'), key('payer'), PROGRAMS.system, key('owner')],
    data: [29, 2, 0, 8, 0],
    expected: {
      type: 'reallocate',
      info: {
        account: key('account'),
        payer: key('payer'),
        owner: key('owner'),
        systemProgram: PROGRAMS.system,
        extensionTypes: ['transferFeeAmount', 'memoTransfer'],
      },
    },
  },
  {
    source: 'parse_token/extension/reallocate.rs test_parse_reallocate_instruction (multisig)',
    programId: PROGRAMS.token2022,
    accounts: [key('account'), key('payer'), PROGRAMS.system, key('multisig'), ...multisigSigners],
    data: [29, 2, 0, 8, 0],
    expected: {
      type: 'reallocate',
      info: {
        account: key('account'),
        payer: key('payer'),
        multisigOwner: key('multisig'),
        signers: multisigSigners,
        systemProgram: PROGRAMS.system,
        extensionTypes: ['transferFeeAmount', 'memoTransfer'],
      },
    },
  },
  {
    source: 'parse_token/extension/permanent_delegate.rs test_parse_initialize_permanent_delegate_instruction',
    programId: PROGRAMS.token2022,
    accounts: [key('mint')],
    data: [35, ...pk(key('delegate'))],
    expected: { type: 'initializePermanentDelegate', info: { mint: key('mint'), delegate: key('delegate') } },
  },
];

const EXT = 'parse_token/extension/';
const zeroKey = Array<number>(32).fill(0);
const amount55 = { uiAmount: 0.55, decimals: 2, amount: '55', uiAmountString: '0.55' };
const fee5 = { uiAmount: 0.05, decimals: 2, amount: '5', uiAmountString: '0.05' };

/** Initialize with authority and address, initialize with neither, update single and multisig. */
function pointerVectors(file: string, tag: number, name: string, field: string): AgaveVector[] {
  const [mint, authority, address, multisig] = [key('mint'), key('authority'), key(`${name} address`), key('multisig')];
  const v = (what: string, accounts: string[], data: number[], expected: AgaveVector['expected']): AgaveVector => ({
    source: `${EXT}${file} test_parse_${file.replace('.rs', '')}_instruction (${what})`,
    programId: PROGRAMS.token2022,
    accounts,
    data,
    expected,
  });
  return [
    v('initialize', [mint], [tag, 0, ...pk(authority), ...pk(address)], {
      type: `initialize${name}`,
      info: { mint, authority, [field]: address },
    }),
    v('initialize, none', [mint], [tag, 0, ...zeroKey, ...zeroKey], { type: `initialize${name}`, info: { mint } }),
    v('update', [mint, authority], [tag, 1, ...pk(address)], { type: `update${name}`, info: { mint, authority, [field]: address } }),
    v('update, multisig', [mint, multisig, ...multisigSigners], [tag, 1, ...pk(address)], {
      type: `update${name}`,
      info: { mint, [field]: address, multisigAuthority: multisig, signers: multisigSigners },
    }),
  ];
}

/** Enable and disable, single owner and multisig. */
function toggleVectors(file: string, tag: number, suffix: string): AgaveVector[] {
  const [account, owner, multisig] = [key('account'), key('owner'), key('multisig')];
  return ['enable', 'disable'].flatMap((verb, i): AgaveVector[] => [
    {
      source: `${EXT}${file} test_parse_${file.replace('.rs', '')}_instruction (${verb})`,
      programId: PROGRAMS.token2022,
      accounts: [account, owner],
      data: [tag, i],
      expected: { type: `${verb}${suffix}`, info: { account, owner } },
    },
    {
      source: `${EXT}${file} test_parse_${file.replace('.rs', '')}_instruction (${verb}, multisig)`,
      programId: PROGRAMS.token2022,
      accounts: [account, multisig, ...multisigSigners],
      data: [tag, i],
      expected: { type: `${verb}${suffix}`, info: { account, multisigOwner: multisig, signers: multisigSigners } },
    },
  ]);
}

const extensionVectors: AgaveVector[] = [
  {
    source: `${EXT}transfer_fee.rs test_parse_transfer_fee_instruction (initialize)`,
    programId: PROGRAMS.token2022,
    accounts: [key('mint')],
    data: [26, 0, ...opt(pk(key('fee config authority'))), ...opt(pk(key('withdraw withheld authority'))), 42, 0, ...u64(2121)],
    expected: {
      type: 'initializeTransferFeeConfig',
      info: {
        mint: key('mint'),
        transferFeeConfigAuthority: key('fee config authority'),
        withdrawWithheldAuthority: key('withdraw withheld authority'),
        transferFeeBasisPoints: 42,
        maximumFee: 2121,
      },
    },
  },
  {
    source: `${EXT}transfer_fee.rs test_parse_transfer_fee_instruction (initialize, no authorities)`,
    programId: PROGRAMS.token2022,
    accounts: [key('mint')],
    data: [26, 0, ...opt(), ...opt(), 42, 0, ...u64(2121)],
    expected: { type: 'initializeTransferFeeConfig', info: { mint: key('mint'), transferFeeBasisPoints: 42, maximumFee: 2121 } },
  },
  {
    source: `${EXT}transfer_fee.rs test_parse_transfer_fee_instruction (transfer checked with fee)`,
    programId: PROGRAMS.token2022,
    accounts: [key('account'), key('mint'), key('recipient'), key('owner')],
    data: [26, 1, ...u64(55), 2, ...u64(5)],
    expected: {
      type: 'transferCheckedWithFee',
      info: {
        source: key('account'),
        mint: key('mint'),
        destination: key('recipient'),
        authority: key('owner'),
        tokenAmount: amount55,
        feeAmount: fee5,
      },
    },
  },
  {
    source: `${EXT}transfer_fee.rs test_parse_transfer_fee_instruction (transfer checked with fee, multisig)`,
    programId: PROGRAMS.token2022,
    accounts: [key('account'), key('mint'), key('recipient'), key('multisig'), ...multisigSigners],
    data: [26, 1, ...u64(55), 2, ...u64(5)],
    expected: {
      type: 'transferCheckedWithFee',
      info: {
        source: key('account'),
        mint: key('mint'),
        destination: key('recipient'),
        multisigAuthority: key('multisig'),
        signers: multisigSigners,
        tokenAmount: amount55,
        feeAmount: fee5,
      },
    },
  },
  {
    source: `${EXT}transfer_fee.rs test_parse_transfer_fee_instruction (withdraw withheld from mint)`,
    programId: PROGRAMS.token2022,
    accounts: [key('mint'), key('recipient'), key('withdraw withheld authority')],
    data: [26, 2],
    expected: {
      type: 'withdrawWithheldTokensFromMint',
      info: { mint: key('mint'), feeRecipient: key('recipient'), withdrawWithheldAuthority: key('withdraw withheld authority') },
    },
  },
  {
    source: `${EXT}transfer_fee.rs test_parse_transfer_fee_instruction (withdraw withheld from mint, multisig)`,
    programId: PROGRAMS.token2022,
    accounts: [key('mint'), key('recipient'), key('multisig'), ...multisigSigners],
    data: [26, 2],
    expected: {
      type: 'withdrawWithheldTokensFromMint',
      info: {
        mint: key('mint'),
        feeRecipient: key('recipient'),
        multisigWithdrawWithheldAuthority: key('multisig'),
        signers: multisigSigners,
      },
    },
  },
  {
    source: `${EXT}transfer_fee.rs test_parse_transfer_fee_instruction (withdraw withheld from accounts)`,
    programId: PROGRAMS.token2022,
    accounts: [key('mint'), key('recipient'), key('withdraw withheld authority'), key('fee account 0'), key('fee account 1')],
    data: [26, 3, 2],
    expected: {
      type: 'withdrawWithheldTokensFromAccounts',
      info: {
        mint: key('mint'),
        feeRecipient: key('recipient'),
        withdrawWithheldAuthority: key('withdraw withheld authority'),
        sourceAccounts: [key('fee account 0'), key('fee account 1')],
      },
    },
  },
  {
    source: `${EXT}transfer_fee.rs test_parse_transfer_fee_instruction (withdraw withheld from accounts, multisig)`,
    programId: PROGRAMS.token2022,
    accounts: [key('mint'), key('recipient'), key('multisig'), ...multisigSigners, key('fee account 0'), key('fee account 1')],
    data: [26, 3, 2],
    expected: {
      type: 'withdrawWithheldTokensFromAccounts',
      info: {
        mint: key('mint'),
        feeRecipient: key('recipient'),
        multisigWithdrawWithheldAuthority: key('multisig'),
        signers: multisigSigners,
        sourceAccounts: [key('fee account 0'), key('fee account 1')],
      },
    },
  },
  {
    source: `${EXT}transfer_fee.rs test_parse_transfer_fee_instruction (harvest withheld to mint)`,
    programId: PROGRAMS.token2022,
    accounts: [key('mint'), key('fee account 0'), key('fee account 1')],
    data: [26, 4],
    expected: {
      type: 'harvestWithheldTokensToMint',
      info: { mint: key('mint'), sourceAccounts: [key('fee account 0'), key('fee account 1')] },
    },
  },
  {
    source: `${EXT}transfer_fee.rs test_parse_transfer_fee_instruction (set transfer fee)`,
    programId: PROGRAMS.token2022,
    accounts: [key('mint'), key('fee config authority')],
    data: [26, 5, 42, 0, ...u64(2121)],
    expected: {
      type: 'setTransferFee',
      info: { mint: key('mint'), transferFeeBasisPoints: 42, maximumFee: 2121, transferFeeConfigAuthority: key('fee config authority') },
    },
  },
  {
    source: `${EXT}transfer_fee.rs test_parse_transfer_fee_instruction (set transfer fee, multisig)`,
    programId: PROGRAMS.token2022,
    accounts: [key('mint'), key('multisig'), ...multisigSigners],
    data: [26, 5, 42, 0, ...u64(2121)],
    expected: {
      type: 'setTransferFee',
      info: {
        mint: key('mint'),
        transferFeeBasisPoints: 42,
        maximumFee: 2121,
        multisigtransferFeeConfigAuthority: key('multisig'),
        signers: multisigSigners,
      },
    },
  },
  {
    source: `${EXT}permissioned_burn.rs test_parse_initialize_permissioned_burn_instruction`,
    programId: PROGRAMS.token2022,
    accounts: [key('mint')],
    data: [46, 0, ...pk(key('authority'))],
    expected: { type: 'initializePermissionedBurnConfig', info: { mint: key('mint'), authority: key('authority') } },
  },
  {
    source: `${EXT}permissioned_burn.rs test_parse_permissioned_burn_instruction`,
    programId: PROGRAMS.token2022,
    accounts: [key('account'), key('mint'), key('permissioned burn authority'), key('authority')],
    data: [46, 1, ...u64(42)],
    expected: {
      type: 'permissionedBurn',
      info: {
        account: key('account'),
        mint: key('mint'),
        permissionedBurnAuthority: key('permissioned burn authority'),
        amount: '42',
        authority: key('authority'),
      },
    },
  },
  ...pointerVectors('metadata_pointer.rs', 39, 'MetadataPointer', 'metadataAddress'),
  ...pointerVectors('group_pointer.rs', 40, 'GroupPointer', 'groupAddress'),
  ...pointerVectors('group_member_pointer.rs', 41, 'GroupMemberPointer', 'memberAddress'),
  ...pointerVectors('transfer_hook.rs', 36, 'TransferHook', 'programId'),
  ...toggleVectors('memo_transfer.rs', 30, 'RequiredMemoTransfers'),
  ...toggleVectors('cpi_guard.rs', 34, 'CpiGuard'),
  {
    source: `${EXT}default_account_state.rs test_parse_default_account_state_instruction (initialize frozen)`,
    programId: PROGRAMS.token2022,
    accounts: [key('mint')],
    data: [28, 0, 2],
    expected: { type: 'initializeDefaultAccountState', info: { mint: key('mint'), accountState: 'frozen' } },
  },
  {
    source: `${EXT}default_account_state.rs test_parse_default_account_state_instruction (update)`,
    programId: PROGRAMS.token2022,
    accounts: [key('mint'), key('freeze authority')],
    data: [28, 1, 1],
    expected: {
      type: 'updateDefaultAccountState',
      info: { mint: key('mint'), accountState: 'initialized', freezeAuthority: key('freeze authority') },
    },
  },
  {
    source: `${EXT}default_account_state.rs test_parse_default_account_state_instruction (update, multisig)`,
    programId: PROGRAMS.token2022,
    accounts: [key('mint'), key('multisig'), ...multisigSigners],
    data: [28, 1, 1],
    expected: {
      type: 'updateDefaultAccountState',
      info: { mint: key('mint'), accountState: 'initialized', multisigFreezeAuthority: key('multisig'), signers: multisigSigners },
    },
  },
];

/** The interfaces' 8-byte discriminator: the head of sha256 over the instruction's name. */
const discriminator = (name: string) => [...createHash('sha256').update(name).digest().subarray(0, 8)];
const borshString = (text: string) => [...u32(Buffer.byteLength(text)), ...Buffer.from(text)];
const METADATA = `${EXT}token_metadata.rs test_parse_token_metadata_instruction`;
const GROUP = `${EXT}token_group.rs test_parse_token_group_instruction`;
const md = { metadata: key('metadata'), updateAuthority: key('update authority') };
const mdAccounts = [md.metadata, md.updateAuthority];

const interfaceVectors: AgaveVector[] = [
  {
    source: `${METADATA} (initialize)`,
    programId: PROGRAMS.token2022,
    accounts: [...mdAccounts, key('mint'), key('mint authority')],
    data: [
      ...discriminator('spl_token_metadata_interface:initialize_account'),
      ...borshString('Mega Token'),
      ...borshString('MEGA'),
      ...borshString('https://mega.com'),
    ],
    expected: {
      type: 'initializeTokenMetadata',
      info: { ...md, mint: key('mint'), mintAuthority: key('mint authority'), name: 'Mega Token', symbol: 'MEGA', uri: 'https://mega.com' },
    },
  },
  {
    source: `${METADATA} (update a fixed field)`,
    programId: PROGRAMS.token2022,
    accounts: mdAccounts,
    data: [...discriminator('spl_token_metadata_interface:updating_field'), 2, ...borshString('https://ultra-mega.com')],
    expected: { type: 'updateTokenMetadataField', info: { ...md, field: 'uri', value: 'https://ultra-mega.com' } },
  },
  {
    source: `${METADATA} (add a new field)`,
    programId: PROGRAMS.token2022,
    accounts: mdAccounts,
    data: [...discriminator('spl_token_metadata_interface:updating_field'), 3, ...borshString('new_field'), ...borshString('new_value')],
    expected: { type: 'updateTokenMetadataField', info: { ...md, field: 'new_field', value: 'new_value' } },
  },
  {
    source: `${METADATA} (remove key)`,
    programId: PROGRAMS.token2022,
    accounts: mdAccounts,
    data: [...discriminator('spl_token_metadata_interface:remove_key_ix'), 0, ...borshString('new_field')],
    expected: { type: 'removeTokenMetadataKey', info: { ...md, key: 'new_field', idempotent: false } },
  },
  {
    source: `${METADATA} (update authority)`,
    programId: PROGRAMS.token2022,
    accounts: mdAccounts,
    data: [...discriminator('spl_token_metadata_interface:update_the_authority'), ...pk(key('new authority'))],
    expected: { type: 'updateTokenMetadataAuthority', info: { ...md, newAuthority: key('new authority') } },
  },
  {
    source: `${METADATA} (update authority to none)`,
    programId: PROGRAMS.token2022,
    accounts: mdAccounts,
    data: [...discriminator('spl_token_metadata_interface:update_the_authority'), ...zeroKey],
    expected: { type: 'updateTokenMetadataAuthority', info: { ...md, newAuthority: null } },
  },
  ...[
    { what: 'start and end', data: [1, ...u64(1), 1, ...u64(2)], info: { start: 1, end: 2 } },
    { what: 'only start', data: [1, ...u64(1), 0], info: { start: 1 } },
    { what: 'only end', data: [0, 1, ...u64(2)], info: { end: 2 } },
    { what: 'neither', data: [0, 0], info: {} },
  ].map(({ what, data, info }): AgaveVector => ({
    source: `${METADATA} (emit with ${what})`,
    programId: PROGRAMS.token2022,
    accounts: [md.metadata],
    data: [...discriminator('spl_token_metadata_interface:emitter'), ...data],
    expected: { type: 'emitTokenMetadata', info: { metadata: md.metadata, ...info } },
  })),
  {
    source: `${GROUP} (initialize with an update authority)`,
    programId: PROGRAMS.token2022,
    accounts: [key('group'), key('group mint'), key('group mint authority')],
    data: [...discriminator('spl_token_group_interface:initialize_token_group'), ...pk(key('group update authority')), ...u64(300)],
    expected: {
      type: 'initializeTokenGroup',
      info: {
        group: key('group'),
        maxSize: 300,
        mint: key('group mint'),
        mintAuthority: key('group mint authority'),
        updateAuthority: key('group update authority'),
      },
    },
  },
  {
    source: `${GROUP} (initialize without an update authority)`,
    programId: PROGRAMS.token2022,
    accounts: [key('group'), key('group mint'), key('group mint authority')],
    data: [...discriminator('spl_token_group_interface:initialize_token_group'), ...zeroKey, ...u64(300)],
    expected: {
      type: 'initializeTokenGroup',
      info: {
        group: key('group'),
        maxSize: 300,
        mint: key('group mint'),
        mintAuthority: key('group mint authority'),
        updateAuthority: null,
      },
    },
  },
  {
    source: `${GROUP} (update max size)`,
    programId: PROGRAMS.token2022,
    accounts: [key('group'), key('group update authority')],
    data: [...discriminator('spl_token_group_interface:update_group_max_size'), ...u64(500)],
    expected: {
      type: 'updateTokenGroupMaxSize',
      info: { group: key('group'), maxSize: 500, updateAuthority: key('group update authority') },
    },
  },
  {
    source: `${GROUP} (update authority to none)`,
    programId: PROGRAMS.token2022,
    accounts: [key('group'), key('group update authority')],
    data: [...discriminator('spl_token_group_interface:update_authority'), ...zeroKey],
    expected: {
      type: 'updateTokenGroupAuthority',
      info: { group: key('group'), updateAuthority: key('group update authority'), newAuthority: null },
    },
  },
  {
    source: `${GROUP} (initialize member)`,
    programId: PROGRAMS.token2022,
    accounts: [key('member'), key('member mint'), key('member mint authority'), key('group'), key('group update authority')],
    data: discriminator('spl_token_group_interface:initialize_member'),
    expected: {
      type: 'initializeTokenGroupMember',
      info: {
        member: key('member'),
        memberMint: key('member mint'),
        memberMintAuthority: key('member mint authority'),
        group: key('group'),
        groupUpdateAuthority: key('group update authority'),
      },
    },
  },
];

const VOTE = 'parse_vote.rs';
const hashOf = (byte: number) => encodeBase58(new Uint8Array(32).fill(byte));
const votedSlots = [...u64(3), ...u64(1), ...u64(2), ...u64(4)];
const classicVote = [...votedSlots, ...Array<number>(32).fill(1), ...opt(i64(1_234_567_890))];
const votedJson = { slots: [1, 2, 4], hash: hashOf(1), timestamp: 1_234_567_890 };
// VoteStateUpdate::from(vec![(0, 3), (1, 2), (2, 1)]): slots 0, 1, 2, no root, default hash, no timestamp.
const lockouts = [
  { slot: 0, confirmation_count: 3 },
  { slot: 1, confirmation_count: 2 },
  { slot: 2, confirmation_count: 1 },
];
const fullUpdate = [...u64(3), ...u64(0), ...u32(3), ...u64(1), ...u32(2), ...u64(2), ...u32(1), 0, ...zeroKey, 0];
// Compact form: root u64::MAX for none, short_vec count, varint offsets from the previous slot.
const compactUpdate = [...u64(-1n), 3, 0, 3, 1, 2, 1, 1, ...zeroKey, 0];
const updateJson = { lockouts, root: null, hash: hashOf(0), timestamp: null };
const voter = { voteAccount: key('vote account'), voteAuthority: key('authorized voter') };
const voterAccounts = [voter.voteAccount, voter.voteAuthority];

const voteVectors: AgaveVector[] = [
  {
    source: `${VOTE} test_parse_vote_initialize_ix`,
    programId: PROGRAMS.vote,
    accounts: [key('vote account'), SYSVAR.rent, SYSVAR.clock, key('node')],
    data: [...u32(0), ...pk(key('node')), ...pk(key('authorized voter')), ...pk(key('authorized withdrawer')), 10],
    expected: {
      type: 'initialize',
      info: {
        voteAccount: key('vote account'),
        rentSysvar: SYSVAR.rent,
        clockSysvar: SYSVAR.clock,
        node: key('node'),
        authorizedVoter: key('authorized voter'),
        authorizedWithdrawer: key('authorized withdrawer'),
        commission: 10,
      },
    },
  },
  {
    source: `${VOTE} test_parse_vote_authorize_ix`,
    programId: PROGRAMS.vote,
    accounts: [key('vote account'), SYSVAR.clock, key('authority')],
    data: [...u32(1), ...pk(key('new authority')), ...u32(0)],
    expected: {
      type: 'authorize',
      info: {
        voteAccount: key('vote account'),
        clockSysvar: SYSVAR.clock,
        authority: key('authority'),
        newAuthority: key('new authority'),
        authorityType: 'Voter',
      },
    },
  },
  {
    source: `${VOTE} test_parse_vote_authorize_ix (authority popped)`,
    programId: PROGRAMS.vote,
    accounts: [key('vote account'), SYSVAR.clock],
    data: [...u32(1), ...pk(key('new authority')), ...u32(0)],
    expected: 'raw',
  },
  {
    source: `${VOTE} test_parse_vote_authorize_with_seed_ix`,
    programId: PROGRAMS.vote,
    accounts: [key('vote account'), SYSVAR.clock, key('base')],
    data: [...u32(10), ...u32(0), ...pk(key('authority owner')), ...str('AUTHORITY_SEED'), ...pk(key('new authority'))],
    expected: {
      type: 'authorizeWithSeed',
      info: {
        voteAccount: key('vote account'),
        clockSysvar: SYSVAR.clock,
        authorityBaseKey: key('base'),
        authorityOwner: key('authority owner'),
        authoritySeed: 'AUTHORITY_SEED',
        newAuthority: key('new authority'),
        authorityType: 'Voter',
      },
    },
  },
  {
    source: `${VOTE} test_parse_vote_authorize_with_seed_checked_ix`,
    programId: PROGRAMS.vote,
    accounts: [key('vote account'), SYSVAR.clock, key('base'), key('new authority')],
    data: [...u32(11), ...u32(0), ...pk(key('authority owner')), ...str('AUTHORITY_SEED')],
    expected: {
      type: 'authorizeCheckedWithSeed',
      info: {
        voteAccount: key('vote account'),
        clockSysvar: SYSVAR.clock,
        authorityBaseKey: key('base'),
        authorityOwner: key('authority owner'),
        authoritySeed: 'AUTHORITY_SEED',
        newAuthority: key('new authority'),
        authorityType: 'Voter',
      },
    },
  },
  {
    source: `${VOTE} test_parse_vote_ix`,
    programId: PROGRAMS.vote,
    accounts: [key('vote account'), SYSVAR.slotHashes, SYSVAR.clock, key('authorized voter')],
    data: [...u32(2), ...classicVote],
    expected: {
      type: 'vote',
      info: {
        voteAccount: key('vote account'),
        slotHashesSysvar: SYSVAR.slotHashes,
        clockSysvar: SYSVAR.clock,
        voteAuthority: key('authorized voter'),
        vote: votedJson,
      },
    },
  },
  {
    source: `${VOTE} test_parse_vote_ix (authority popped)`,
    programId: PROGRAMS.vote,
    accounts: [key('vote account'), SYSVAR.slotHashes, SYSVAR.clock],
    data: [...u32(2), ...classicVote],
    expected: 'raw',
  },
  {
    source: `${VOTE} test_parse_vote_withdraw_ix`,
    programId: PROGRAMS.vote,
    accounts: [key('vote account'), key('to'), key('authorized withdrawer')],
    data: [...u32(3), ...u64(55)],
    expected: {
      type: 'withdraw',
      info: { voteAccount: key('vote account'), destination: key('to'), withdrawAuthority: key('authorized withdrawer'), lamports: 55 },
    },
  },
  {
    source: `${VOTE} test_parse_vote_update_validator_identity_ix`,
    programId: PROGRAMS.vote,
    accounts: [key('vote account'), key('node'), key('authorized withdrawer')],
    data: u32(4),
    expected: {
      type: 'updateValidatorIdentity',
      info: { voteAccount: key('vote account'), newValidatorIdentity: key('node'), withdrawAuthority: key('authorized withdrawer') },
    },
  },
  {
    source: `${VOTE} test_parse_vote_update_commission_ix`,
    programId: PROGRAMS.vote,
    accounts: [key('vote account'), key('authorized withdrawer')],
    data: [...u32(5), 10],
    expected: {
      type: 'updateCommission',
      info: { voteAccount: key('vote account'), withdrawAuthority: key('authorized withdrawer'), commission: 10 },
    },
  },
  {
    source: `${VOTE} test_parse_vote_switch_ix`,
    programId: PROGRAMS.vote,
    accounts: [key('vote account'), SYSVAR.slotHashes, SYSVAR.clock, key('authorized voter')],
    data: [...u32(6), ...classicVote, ...Array<number>(32).fill(2)],
    expected: {
      type: 'voteSwitch',
      info: {
        voteAccount: key('vote account'),
        slotHashesSysvar: SYSVAR.slotHashes,
        clockSysvar: SYSVAR.clock,
        voteAuthority: key('authorized voter'),
        vote: votedJson,
        hash: hashOf(2),
      },
    },
  },
  {
    source: `${VOTE} test_parse_vote_authorized_checked_ix`,
    programId: PROGRAMS.vote,
    accounts: [key('vote account'), SYSVAR.clock, key('authority'), key('new authority')],
    data: [...u32(7), ...u32(0)],
    expected: {
      type: 'authorizeChecked',
      info: {
        voteAccount: key('vote account'),
        clockSysvar: SYSVAR.clock,
        authority: key('authority'),
        newAuthority: key('new authority'),
        authorityType: 'Voter',
      },
    },
  },
  {
    source: `${VOTE} test_parse_vote_state_update_ix`,
    programId: PROGRAMS.vote,
    accounts: voterAccounts,
    data: [...u32(8), ...fullUpdate],
    expected: { type: 'updatevotestate', info: { ...voter, voteStateUpdate: updateJson } },
  },
  {
    source: `${VOTE} test_parse_vote_state_update_ix (authority popped)`,
    programId: PROGRAMS.vote,
    accounts: [voter.voteAccount],
    data: [...u32(8), ...fullUpdate],
    expected: 'raw',
  },
  {
    source: `${VOTE} test_parse_vote_state_update_switch_ix`,
    programId: PROGRAMS.vote,
    accounts: voterAccounts,
    data: [...u32(9), ...fullUpdate, ...Array<number>(32).fill(2)],
    expected: { type: 'updatevotestateswitch', info: { ...voter, voteStateUpdate: updateJson, hash: hashOf(2) } },
  },
  {
    source: `${VOTE} test_parse_compact_vote_state_update_ix`,
    programId: PROGRAMS.vote,
    accounts: voterAccounts,
    data: [...u32(12), ...compactUpdate],
    expected: { type: 'compactupdatevotestate', info: { ...voter, voteStateUpdate: updateJson } },
  },
  {
    source: `${VOTE} test_parse_compact_vote_state_update_switch_ix`,
    programId: PROGRAMS.vote,
    accounts: voterAccounts,
    data: [...u32(13), ...compactUpdate, ...Array<number>(32).fill(2)],
    expected: { type: 'compactupdatevotestateswitch', info: { ...voter, voteStateUpdate: updateJson, hash: hashOf(2) } },
  },
  {
    source: `${VOTE} test_parse_tower_sync_ix`,
    programId: PROGRAMS.vote,
    accounts: voterAccounts,
    data: [...u32(14), ...compactUpdate, ...zeroKey],
    expected: { type: 'towersync', info: { ...voter, towerSync: { ...updateJson, blockId: hashOf(0) } } },
  },
  {
    source: `${VOTE} test_parse_tower_sync_switch_ix`,
    programId: PROGRAMS.vote,
    accounts: voterAccounts,
    data: [...u32(15), ...compactUpdate, ...zeroKey, ...Array<number>(32).fill(2)],
    expected: { type: 'towersyncswitch', info: { ...voter, towerSync: { ...updateJson, blockId: hashOf(0) }, hash: hashOf(2) } },
  },
  {
    source: `${VOTE} test_parse_tower_sync_ix (authority popped)`,
    programId: PROGRAMS.vote,
    accounts: [voter.voteAccount],
    data: [...u32(14), ...compactUpdate, ...zeroKey],
    expected: 'raw',
  },
];

const ataInfo = ['source', 'account', 'wallet', 'mint', 'systemProgram', 'tokenProgram'];
const ataVectors: AgaveVector[] = [
  {
    source: 'parse_associated_token.rs test_parse_create_deprecated (rent popped, empty data)',
    programId: PROGRAMS.ata,
    accounts: ataInfo.map((f) => key(`ata ${f}`)),
    data: [],
    expected: { type: 'create', info: Object.fromEntries(ataInfo.map((f) => [f, key(`ata ${f}`)])) },
  },
  {
    source: 'parse_associated_token.rs test_parse_recover_nested',
    programId: PROGRAMS.ata,
    accounts: ['nestedSource', 'nestedMint', 'destination', 'nestedOwner', 'ownerMint', 'wallet', 'tokenProgram'].map((f) =>
      key(`ata ${f}`),
    ),
    data: [2],
    expected: {
      type: 'recoverNested',
      info: Object.fromEntries(
        ['nestedSource', 'nestedMint', 'destination', 'nestedOwner', 'ownerMint', 'wallet', 'tokenProgram'].map((f) => [
          f,
          key(`ata ${f}`),
        ]),
      ),
    },
  },
  {
    source: 'parse_associated_token.rs test_parse_recover_nested (account popped)',
    programId: PROGRAMS.ata,
    accounts: ['nestedSource', 'nestedMint', 'destination', 'nestedOwner', 'ownerMint', 'wallet'].map((f) => key(`ata ${f}`)),
    data: [2],
    expected: 'raw',
  },
];

const LOADER = 'parse_bpf_loader.rs';
const bytes99 = Array<number>(99).fill(8);
const loaderVectors: AgaveVector[] = [
  {
    source: `${LOADER} test_parse_bpf_loader_instructions (write)`,
    programId: PROGRAMS.bpfLoader,
    accounts: [key('account')],
    data: [...u32(0), ...u32(4242), ...u64(99), ...bytes99],
    expected: { type: 'write', info: { offset: 4242, bytes: Buffer.from(bytes99).toString('base64'), account: key('account') } },
  },
  {
    source: `${LOADER} test_parse_bpf_loader_instructions (finalize)`,
    programId: PROGRAMS.bpfLoader,
    accounts: [key('account'), SYSVAR.rent],
    data: u32(1),
    expected: { type: 'finalize', info: { account: key('account') } },
  },
  {
    source: `${LOADER} test_parse_bpf_loader_instructions (finalize, rent popped)`,
    programId: PROGRAMS.bpfLoader,
    accounts: [key('account')],
    data: u32(1),
    expected: 'raw',
  },
  {
    source: `${LOADER} test_parse_bpf_loader_instructions (variant 2)`,
    programId: PROGRAMS.bpfLoader,
    accounts: [key('account'), key('other')],
    data: u32(2),
    expected: 'raw',
  },
  {
    source: `${LOADER} test_parse_bpf_upgradeable_loader_create_buffer_ix`,
    programId: PROGRAMS.upgradeable,
    accounts: [key('buffer'), key('authority')],
    data: u32(0),
    expected: { type: 'initializeBuffer', info: { account: key('buffer'), authority: key('authority') } },
  },
  {
    source: `${LOADER} test_parse_bpf_upgradeable_loader_write_ix`,
    programId: PROGRAMS.upgradeable,
    accounts: [key('buffer'), key('authority')],
    data: [...u32(1), ...u32(4242), ...u64(99), ...bytes99],
    expected: {
      type: 'write',
      info: { offset: 4242, bytes: Buffer.from(bytes99).toString('base64'), account: key('buffer'), authority: key('authority') },
    },
  },
  {
    source: `${LOADER} test_parse_bpf_upgradeable_loader_write_ix (authority popped)`,
    programId: PROGRAMS.upgradeable,
    accounts: [key('buffer')],
    data: [...u32(1), ...u32(4242), ...u64(99), ...bytes99],
    expected: 'raw',
  },
  {
    source: `${LOADER} test_parse_bpf_upgradeable_loader_deploy_ix`,
    programId: PROGRAMS.upgradeable,
    accounts: [
      key('payer'),
      key('programdata'),
      key('program'),
      key('buffer'),
      SYSVAR.rent,
      SYSVAR.clock,
      PROGRAMS.system,
      key('authority'),
    ],
    data: [...u32(2), ...u64(54321)],
    expected: {
      type: 'deployWithMaxDataLen',
      info: {
        maxDataLen: 54321,
        payerAccount: key('payer'),
        programAccount: key('program'),
        authority: key('authority'),
        programDataAccount: key('programdata'),
        bufferAccount: key('buffer'),
        rentSysvar: SYSVAR.rent,
        clockSysvar: SYSVAR.clock,
        systemProgram: PROGRAMS.system,
      },
    },
  },
  {
    source: `${LOADER} test_parse_bpf_upgradeable_loader_upgrade_ix`,
    programId: PROGRAMS.upgradeable,
    accounts: [key('programdata'), key('program'), key('buffer'), key('spill'), SYSVAR.rent, SYSVAR.clock, key('authority')],
    data: u32(3),
    expected: {
      type: 'upgrade',
      info: {
        authority: key('authority'),
        programDataAccount: key('programdata'),
        programAccount: key('program'),
        bufferAccount: key('buffer'),
        spillAccount: key('spill'),
        rentSysvar: SYSVAR.rent,
        clockSysvar: SYSVAR.clock,
      },
    },
  },
  {
    source: `${LOADER} test_parse_bpf_upgradeable_loader_set_upgrade_authority_ix`,
    programId: PROGRAMS.upgradeable,
    accounts: [key('programdata'), key('authority'), key('new authority')],
    data: u32(4),
    expected: {
      type: 'setAuthority',
      info: { account: key('programdata'), authority: key('authority'), newAuthority: key('new authority') },
    },
  },
  {
    source: `${LOADER} test_parse_bpf_upgradeable_loader_set_upgrade_authority_ix (to none)`,
    programId: PROGRAMS.upgradeable,
    accounts: [key('programdata'), key('authority')],
    data: u32(4),
    expected: { type: 'setAuthority', info: { account: key('programdata'), authority: key('authority'), newAuthority: null } },
  },
  {
    source: `${LOADER} test_parse_bpf_upgradeable_loader_set_buffer_authority_checked_ix`,
    programId: PROGRAMS.upgradeable,
    accounts: [key('buffer'), key('authority'), key('new authority')],
    data: u32(7),
    expected: {
      type: 'setAuthorityChecked',
      info: { account: key('buffer'), authority: key('authority'), newAuthority: key('new authority') },
    },
  },
  {
    source: `${LOADER} test_parse_bpf_upgradeable_loader_close_buffer_ix`,
    programId: PROGRAMS.upgradeable,
    accounts: [key('buffer'), key('recipient'), key('authority')],
    data: u32(5),
    expected: {
      type: 'close',
      info: { account: key('buffer'), recipient: key('recipient'), authority: key('authority'), programAccount: null },
    },
  },
  {
    source: `${LOADER} test_parse_bpf_upgradeable_loader_close_program_ix`,
    programId: PROGRAMS.upgradeable,
    accounts: [key('programdata'), key('recipient'), key('authority'), key('program')],
    data: u32(5),
    expected: {
      type: 'close',
      info: { account: key('programdata'), recipient: key('recipient'), authority: key('authority'), programAccount: key('program') },
    },
  },
];

const TABLE = 'parse_address_lookup_table.rs';
const tableVectors: AgaveVector[] = [
  {
    source: `${TABLE} test_parse_create_address_lookup_table_ix`,
    programId: PROGRAMS.lookupTable,
    accounts: [key('table'), 'HkxY6vXdrKzoCQLmdJ3cYo9534FdZQxzBNWTyrJzzqJM', key('from'), PROGRAMS.system],
    data: [...u32(0), ...u64(42), 254],
    expected: {
      type: 'createLookupTable',
      info: {
        lookupTableAccount: key('table'),
        lookupTableAuthority: 'HkxY6vXdrKzoCQLmdJ3cYo9534FdZQxzBNWTyrJzzqJM',
        payerAccount: key('from'),
        systemProgram: PROGRAMS.system,
        recentSlot: 42,
        bumpSeed: 254,
      },
    },
  },
  {
    source: `${TABLE} test_parse_freeze_lookup_table_ix`,
    programId: PROGRAMS.lookupTable,
    accounts: [key('table'), key('authority')],
    data: u32(1),
    expected: { type: 'freezeLookupTable', info: { lookupTableAccount: key('table'), lookupTableAuthority: key('authority') } },
  },
  {
    source: `${TABLE} test_parse_freeze_lookup_table_ix (authority popped)`,
    programId: PROGRAMS.lookupTable,
    accounts: [key('table')],
    data: u32(1),
    expected: 'raw',
  },
  {
    source: `${TABLE} test_parse_extend_lookup_table_ix (no payer, no addresses)`,
    programId: PROGRAMS.lookupTable,
    accounts: [key('table'), key('authority')],
    data: [...u32(2), ...u64(0)],
    expected: {
      type: 'extendLookupTable',
      info: { lookupTableAccount: key('table'), lookupTableAuthority: key('authority'), newAddresses: [] },
    },
  },
  {
    source: `${TABLE} test_parse_extend_lookup_table_ix (payer, addresses)`,
    programId: PROGRAMS.lookupTable,
    accounts: [key('table'), key('authority'), key('from'), PROGRAMS.system],
    data: [...u32(2), ...u64(2), ...pk(key('address 0')), ...pk(key('address 1'))],
    expected: {
      type: 'extendLookupTable',
      info: {
        lookupTableAccount: key('table'),
        lookupTableAuthority: key('authority'),
        payerAccount: key('from'),
        systemProgram: PROGRAMS.system,
        newAddresses: [key('address 0'), key('address 1')],
      },
    },
  },
  {
    source: `${TABLE} test_parse_deactivate_lookup_table_ix`,
    programId: PROGRAMS.lookupTable,
    accounts: [key('table'), key('authority')],
    data: u32(3),
    expected: { type: 'deactivateLookupTable', info: { lookupTableAccount: key('table'), lookupTableAuthority: key('authority') } },
  },
  {
    source: `${TABLE} test_parse_close_lookup_table_ix`,
    programId: PROGRAMS.lookupTable,
    accounts: [key('table'), key('authority'), key('recipient')],
    data: u32(4),
    expected: {
      type: 'closeLookupTable',
      info: { lookupTableAccount: key('table'), lookupTableAuthority: key('authority'), recipient: key('recipient') },
    },
  },
  {
    source: `${TABLE} test_parse_close_lookup_table_ix (recipient popped)`,
    programId: PROGRAMS.lookupTable,
    accounts: [key('table'), key('authority')],
    data: u32(4),
    expected: 'raw',
  },
];

export const AGAVE_VECTORS: readonly AgaveVector[] = [
  ...stakeVectors,
  ...systemVectors,
  ...tokenVectors(PROGRAMS.token, 'v3'),
  ...tokenVectors(PROGRAMS.token2022, '2022'),
  ...token2022Only,
  ...extensionVectors,
  ...interfaceVectors,
  ...ataVectors,
  ...loaderVectors,
  ...tableVectors,
  ...voteVectors,
];
