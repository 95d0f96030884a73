/**
 * Sysvar accounts, told apart by their address and read with bincode (trailing bytes allowed, as
 * the accounts are allocated larger than their state). SlotHistory, whose node answer spells out a
 * million bits, is not reproduced and stays base64.
 */
import { DataReader, jsonInteger, notParsable } from '../native-instructions/reader.js';
import { serdeF64 } from './serde-f64.js';

const u64 = (r: DataReader) => jsonInteger(r.u64());
const i64 = (r: DataReader) => jsonInteger(r.i64());
const f64 = (r: DataReader) => serdeF64(r.f64());
const feeCalculator = (r: DataReader) => ({ lamportsPerSignature: r.u64().toString() });

/** A bincode Vec: its u64 length, then that many items of `size` bytes. */
function vec<T>(r: DataReader, size: number, item: (r: DataReader) => T): T[] {
  return Array.from({ length: r.length(size) }, () => item(r));
}

const SYSVARS: Record<string, { type: string; read: (r: DataReader) => unknown }> = {
  SysvarC1ock11111111111111111111111111111111: {
    type: 'clock',
    read: (r) => ({ slot: u64(r), epochStartTimestamp: i64(r), epoch: u64(r), leaderScheduleEpoch: u64(r), unixTimestamp: i64(r) }),
  },
  SysvarEpochSchedu1e111111111111111111111111: {
    type: 'epochSchedule',
    read: (r) => ({
      slotsPerEpoch: u64(r),
      leaderScheduleSlotOffset: u64(r),
      warmup: r.bool(),
      firstNormalEpoch: u64(r),
      firstNormalSlot: u64(r),
    }),
  },
  SysvarFees111111111111111111111111111111111: { type: 'fees', read: (r) => ({ feeCalculator: feeCalculator(r) }) },
  SysvarRecentB1ockHashes11111111111111111111: {
    type: 'recentBlockhashes',
    read: (r) => vec(r, 40, (e) => ({ blockhash: e.pubkey(), feeCalculator: feeCalculator(e) })),
  },
  SysvarRent111111111111111111111111111111111: {
    type: 'rent',
    read: (r) => ({ lamportsPerByteYear: r.u64().toString(), exemptionThreshold: f64(r), burnPercent: r.u8() }),
  },
  SysvarRewards111111111111111111111111111111: {
    type: 'rewards',
    read: (r) => {
      const validatorPointValue = f64(r);
      // An unused f64 follows, which must be there all the same.
      r.take(8);
      return { validatorPointValue };
    },
  },
  SysvarS1otHashes111111111111111111111111111: { type: 'slotHashes', read: (r) => vec(r, 40, (e) => ({ slot: u64(e), hash: e.pubkey() })) },
  SysvarStakeHistory1111111111111111111111111: {
    type: 'stakeHistory',
    read: (r) => vec(r, 32, (e) => ({ epoch: u64(e), stakeHistory: { effective: u64(e), activating: u64(e), deactivating: u64(e) } })),
  },
  SysvarLastRestartS1ot1111111111111111111111: { type: 'lastRestartSlot', read: (r) => ({ lastRestartSlot: u64(r) }) },
  SysvarEpochRewards1111111111111111111111111: {
    type: 'epochRewards',
    read: (r) => ({
      distributionStartingBlockHeight: u64(r),
      numPartitions: u64(r),
      parentBlockhash: r.pubkey(),
      // A u128, written as text like the u64 amounts after it.
      totalPoints: (r.u64() + (r.u64() << 64n)).toString(),
      totalRewards: r.u64().toString(),
      distributedRewards: r.u64().toString(),
      active: r.bool(),
    }),
  },
};

export function parseSysvarAccount(data: Uint8Array, address: string) {
  const sysvar = SYSVARS[address];
  if (sysvar === undefined) throw notParsable;
  return { type: sysvar.type, info: sysvar.read(new DataReader(data)) };
}
