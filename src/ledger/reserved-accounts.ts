/**
 * Account keys the node never reports as writable in `jsonParsed` output: sysvars and builtin
 * program ids. The node renders with every reserved key treated as active
 * (`ReservedAccountKeys::new_all_activated`), whatever the feature state was when the transaction
 * ran, so this is one fixed set rather than a per-slot one.
 */
const SYSVARS = [
  'SysvarC1ock11111111111111111111111111111111',
  'SysvarEpochSchedu1e111111111111111111111111',
  'SysvarFees111111111111111111111111111111111',
  'Sysvar1nstructions1111111111111111111111111',
  'SysvarRecentB1ockHashes11111111111111111111',
  'SysvarRent111111111111111111111111111111111',
  'SysvarRewards111111111111111111111111111111',
  'SysvarS1otHashes111111111111111111111111111',
  'SysvarS1otHistory11111111111111111111111111',
  'SysvarStakeHistory1111111111111111111111111',
  'SysvarLastRestartS1ot1111111111111111111111',
  'SysvarEpochRewards1111111111111111111111111',
  'Sysvar1111111111111111111111111111111111111',
];

const BUILTIN_PROGRAMS = [
  '11111111111111111111111111111111',
  'AddressLookupTab1e1111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'ComputeBudget111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
  'Feature111111111111111111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'StakeConfig11111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
  'ZkE1Gama1Proof11111111111111111111111111111',
  // The retired zk-token-proof program stays reserved: keys can never leave the node's list
  // without breaking consensus, and the list it renders with still holds it.
  'ZkTokenProof1111111111111111111111111111111',
  'NativeLoader1111111111111111111111111111111',
];

export const RESERVED_ACCOUNT_KEYS: ReadonlySet<string> = new Set([...SYSVARS, ...BUILTIN_PROGRAMS]);

export function isReservedAccountKey(key: string): boolean {
  return RESERVED_ACCOUNT_KEYS.has(key);
}
