/**
 * What a standard node already parses in jsonParsed. Those entries are left exactly as the node
 * wrote them; everything else (ComputeBudget included) counts as non-native and is ours to decode.
 */
export const nodeParsedInstructionPrograms: ReadonlySet<string> = new Set([
  'AddressLookupTab1e1111111111111111111111111',
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo4c2pN8afCj432Lb7RMVKi9PbQnnW7ewFFaV3oAH',
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  '11111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
]);

/** Account owners whose data the node renders in jsonParsed (account-decoder's parsers). */
export const nodeParsedAccountOwners: ReadonlySet<string> = new Set([
  'AddressLookupTab1e1111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'Config1111111111111111111111111111111111111',
  '11111111111111111111111111111111',
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  'Stake11111111111111111111111111111111111111',
  'Sysvar1111111111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
]);
