/** The HTTP methods of a standard Solana node, to tell "not served here" from "no such method". */
export const standardMethods: ReadonlySet<string> = new Set([
  'getAccountInfo', 'getBalance', 'getBlock', 'getBlockCommitment', 'getBlockHeight', 'getBlockProduction',
  'getBlockTime', 'getBlocks', 'getBlocksWithLimit', 'getClusterNodes', 'getEpochInfo', 'getEpochSchedule',
  'getFeeForMessage', 'getFirstAvailableBlock', 'getGenesisHash', 'getHealth', 'getHighestSnapshotSlot',
  'getIdentity', 'getInflationGovernor', 'getInflationRate', 'getInflationReward', 'getLargestAccounts',
  'getLatestBlockhash', 'getLeaderSchedule', 'getMaxRetransmitSlot', 'getMaxShredInsertSlot',
  'getMinimumBalanceForRentExemption', 'getMultipleAccounts', 'getProgramAccounts', 'getRecentPerformanceSamples',
  'getRecentPrioritizationFees', 'getSignatureStatuses', 'getSignaturesForAddress', 'getSlot', 'getSlotLeader',
  'getSlotLeaders', 'getStakeMinimumDelegation', 'getSupply', 'getTokenAccountBalance',
  'getTokenAccountsByDelegate', 'getTokenAccountsByOwner', 'getTokenLargestAccounts', 'getTokenSupply',
  'getTransaction', 'getTransactionCount', 'getVersion', 'getVoteAccounts', 'isBlockhashValid',
  'minimumLedgerSlot', 'requestAirdrop', 'sendTransaction', 'simulateTransaction',
]);
