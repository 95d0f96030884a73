/**
 * The wording every template shares, so all sentences read alike:
 *
 *   <actor> <verb, past tense> <what> [for <price>] on <Program>
 *   <actor> failed to <verb> <what> [for <price>] on <Program>     (transaction failed: nothing moved)
 *
 * Addresses are written in full. Every amount keeps its base units (what clients read), and where
 * the mint's decimals are known it is first written in the mint's units for people:
 *   - SOL, native or wrapped (mint So111…112): `0.017 SOL (17000000 lamports)`
 *   - a mint of the bundled table: `20000 USDC (20000000000)`
 *   - another mint with known decimals: `1.5 of <mint> (1500000)`, or `1.5 "PEPE" of <mint> (1500000)`
 *     where this transaction created the mint's metadata with that symbol
 *   - decimals unknown: `<n> of <mint>`; an NFT (amount 1, decimals 0): `1 token of <mint>`
 *   - a token whose mint the answer does not show: `<n> units of an unidentified token`
 *   - an asset whose amount is not known: `SOL`, a bundled table mint's symbol (`USDC`), else `tokens of <mint>`
 *     (the amount is left out, not guessed)
 */
import type { Entry, TxFacts } from './facts.js';
import { AssetNames, inUnits, knownSymbol } from './names.js';
import { VENUE_NAMES } from './venue-names.js';

export const WSOL_MINT = 'So11111111111111111111111111111111111111112';

/** Display names of the programs templates mention, by program id. */
const PROGRAM_NAMES: Readonly<Record<string, string>> = {
  '11111111111111111111111111111111': 'System Program',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'SPL Token',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'SPL Token-2022',
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: 'SPL Associated Token Account',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'SPL Memo',
  Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo: 'SPL Memo',
  ComputeBudget111111111111111111111111111111: 'Compute Budget',
  JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4: 'Jupiter',
  JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB: 'Jupiter',
  '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8': 'Raydium AMM v4',
  CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK: 'Raydium CLMM',
  REALQqNEomY6cQGZJUGwywTBD2UmDT32rZcNnfxQ5N2: 'Byreal CLMM',
  CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C: 'Raydium CPMM',
  whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc: 'Orca Whirlpool',
  '9W959DqEETiGZocYWCQPaJ6sBmUzgfxXfqGeTEdp3aQP': 'Orca Token Swap v2',
  DjVE6JNiYqPL2QXyCUUh8rNjHrbz9hXHNYt99MQ59qw1: 'Orca Token Swap v1',
  LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo: 'Meteora DLMM',
  Eo7WjKq67rjJQSZxS6z3YkapzY3eMj6Xy8X5EQVn5UaB: 'Meteora Dynamic AMM',
  cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG: 'Meteora DAMM v2',
  dbcij3LWUppWqq96dh6gJWwBifmcGfLSB5D4DuSMaqN: 'Meteora Dynamic Bonding Curve',
  '24Uqj9JCLxUeoC3hGfh5W3s9FM9uCHDS2SG3LYwBpyTi': 'Meteora Vault',
  MERLuDFBMmsHnsBPZw2sDQZHvXFMwp8EdjudcU2HKky: 'Mercurial Stable Swap',
  '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P': 'Pump.fun',
  pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA: 'PumpSwap',
  M2mx93ekt1fmXSVkTrUL9xVFHkmME8HTUi5Cyc5aF7K: 'Magic Eden',
  TSWAPaqyCSx2KABk68Shruf4rp7CxcNi8hAsbdwmHbN: 'Tensor',
  TCMPhJdwDryooaGtiocG1u3xcYbRpiJzb283XfCZsDp: 'Tensor',
  TB1Dqt8JeKQh7RLDzfYDJsq8KS4fS2yt87avRjyRxMv: 'Tensor',
  metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s: 'Metaplex',
  hausS13jsjafwWwGqZTUQRmWyvyxn9EQpqMwV1PBBmk: 'Metaplex Auction House',
  BGUMAp9Gq7iTEuizy4pqaxsTyUCBK68MDfK752saRPUY: 'Metaplex Bubblegum',
  MarBmsSgKXdrN1egZf5sqe1TMai9K1rChYNDJgjq7aD: 'Marinade',
  SPoo1Ku8WFXoNDMHPsrGSTSG1Y47rzgn41SLUNakuHy: 'SPL Stake Pool',
  SP12tWFxD9oJsVWNavTTBZvMbA6gkAmxtVgxdqvyvhY: 'Sanctum Stake Pool',
  '5quBtoiQqxF9Jv6KYKctB59NT3gtJD2Y65kdnB1Uev3h': 'Raydium Stable Swap',
  // Raydium's CPMM built for devnet and deployed on mainnet too (idls/deployments.json).
  DRaycpLY18LhpbydsBWbVJtxpNv9oXPgjRSfpF2bWpYb: 'Raydium CPMM',
  // Its IDL says jupiter_smart_wallet; the product is Jupiter's ApePro (Turnkey's parser, ProgramType::ApePro).
  JSW99DKmxNyREQM14SQLDykeBvEUG63TeohrvmofEiw: 'ApePro',
  SPMBzsVUuoHA4Jm6KunbsotaahvVikZs1JyTW6iJvbn: 'Sanctum Multi-Validator Stake Pool',
  Stake11111111111111111111111111111111111111: 'Stake Program',
  '2wT8Yq49kHgDzXuPxZSaeLaH1qbmGXtEyPy64bL7aD3c': 'Lifinity',
  HyaB3W9q6XdA5xwpU4XnSZV94htfmbmqJXZcEbRaJutt: 'Invariant',
  SSwapUtytfBdBn1b9NUGG6foMVPtcWgpRU32HToDUZr: 'Saros',
  FLUXubRmkEi2q6K3Y9kBPg9248ggaZVsoSFhtJHSrm1X: 'FluxBeam',
  SSwpkEEcbUqx4vtoEByFjSkhKdCT862DNVb52nZg1UZ: 'Saber',
  swapNyd8XiQwJ6ianp9snpu4brUqFxadzvHebnAXjJZ: 'Stabble',
  SwaPpA9LAaLfeLi3a68M4DjnLqgtticKg6CnyNwgAC8: 'SPL Token Swap',
  stkitrT1Uoy18Dk1fTrgPw8W6MVzoCfYoAFT4MLsmhq: 'Sanctum',
  unpXTU2Ndrc7WWNyEhQWe4udTzSibLPi25SXv2xbCHQ: 'unstake.it',
  '6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma': 'OKX DEX',
  // OKX's second router; its description keeps the name clients saw before (idls/hints.json).
  proVF4pMXVaYqmy4NjniPh4pqKNfMmsihgd4wdkCX3u: 'OKX DEX Router 2',
  DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH: 'DFlow',
  // Its IDL says titan_swap; the aggregator calls itself Titan (its CPI example's README, DefiLlama's adapter).
  T1TANpTeScyeqVzzgNViGDNrkQ6qHz9KrSBS4aNXvGT: 'Titan',
  '61DFfeTKM7trxYcPQCM78bJ794ddZprZpAwAnLiwTpYH': 'Jupiter Order Engine',
  MNFSTqtC93rEfYHB6hF82sKdZpUDFWkViLByLd1k1Ms: 'Manifest',
  HEAVENoP2qxoeuF8Dj2oT1GHEnu49U5mJYkdeC8BAX2o: 'Heaven',
  boop8hVGQGqehUK2iVEMEnMrL5RbjywRzHKBmBE7ry4: 'Boop',
  LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj: 'Raydium LaunchLab',
  PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY: 'Phoenix',
  srmqPvymJeFKQ4zGQed1GFppgkRHL9kaELCbyksJtPX: 'OpenBook',
  '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin': 'Serum',
  MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA: 'marginfi',
  DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M: 'Jupiter DCA',
  '4R3gSG8BpU4t19KYj8CfnbtRpnT8gtk4dvTHxVRwc2r7': 'Jito',
  CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d: 'Metaplex Core',
  BSwp6bEBihVLdqJRKGgzjcGLHkcTuzmSo1TQkHepzH8p: 'Bonkswap',
  obriQD1zbpyLz95G5n7nJe6a4DPjpFwa5XYPoNm113y: 'Obric',
  SoLFiHG9TfgtdUXUjWAxi3LtvYuFyDLVhBWxdMZxyCe: 'SolFi',
  GFXsSL5sSaDfNFQUYsHekbWBW1TsFdjDYzACh62tEHxn: 'GooseFX',
  H8W3ctz92svYg6mkn1UtGfu2aQr2fnUFHM1RhScEtQDt: 'Cropper',
  pfeeUxB6jkeY1Hxd7CsFCAjcbHA9rWtchMGdZ6VojVZ: 'Pump.fun Fees',
  dRiftyHA39MWEi3m9aunc5MzRF1JYuBsbn6VPcn33UH: 'Drift',
  GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp: 'Mango Sequence Enforcer',
  HQ2UUt18uJqKaQFJhgV9zaTdQxUZjNrsKFgoEDquBkcx: 'bloXroute Trader API',
  SW1TCH7qEPTdLsDHRgPuMQjbQxKdH2aBStViMFnt64f: 'Switchboard',
  sbattyXrzedoNATfc4L31wC9Mhxsi1BmFhTiN8gDshx: 'Switchboard Attestation',
  '22Y43yTVxuUkoRKdm9thyRhQ3SdgQS7c7kB6UNCiaczD': 'Serum Swap',
  noopb9bkMVfRPU8AsbpTUg8AQkHtKwMYZiFUjNRtMmV: 'SPL Noop',
  cmtDvXumGCrqC1Age74AVPhSRVXJMd8PJS91L8KbNCK: 'SPL Account Compression',
  '3EpVCPUgyjq2MfGeCttyey6bs5zya5wjYZ2BE6yDg6bm': 'Hyperlane Warp Route',
  E588QtVUvresuXq2KoNEwAmoifCzYGpRBdHByN9KQMbi: 'Hyperlane Mailbox',
  BhNcatUDC2D5JTyeaqrdSukiVFsEHK7e3hVmKMztwefv: 'Hyperlane Gas Paymaster',
  routeUGWgWzqBWFcrCfv8tritsqukccJPu3q5GPP3xS: 'Raydium Route',
  SMPLecH534NA9acpos4G6x7uf3LWbCAwZQE9e8ZekMu: 'Squads',
  SMPLKTQhrgo22hFCVq2VGX1KAktTWjeizkhrdB1eauK: 'Squads Program Manager',
  ZETAxsqBRek56DhiGXrn75yj2NHU3aYUnxvHXpkf3aD: 'Zeta',
  HEvSKofvBgfaexv23kMabbYqxasxU3mQ4ibBMEmJWHny: 'Chainlink Store',
  cjg3oHmg9uuPsP8D6g29NWvhySJkdYdAo9D25PRbKXJ: 'Chainlink OCR2',
  '3i5JeuZuUxeKtVysUnwQNGerJP2bSMX9fTFfS4Nxe3Br': 'LI.FI',
  mnoopTCrg4p8ry25e4bcWA9XZjbNjMTfgYVGGEdRsf3: 'MPL Noop',
  SAGEqqFewepDHH6hMDcmWy7yjHPpyKLDnRXKb3Ki8e6: 'Star Atlas SAGE',
  Cargo8a1e6NkGyrjy4BQEW4ASGKs9KSyDyUrXMfpJoiH: 'Star Atlas Cargo',
  PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu: 'Jupiter Perpetuals',
  GovER5Lthms3bLBqWub97yVrMmEogzX7xNjdXpPPCVZw: 'SPL Governance',
  // Programs whose IDL name is a generic word (`amm_v3`, `vault`, `farms`, `merkle_distributor`) or
  // names several protocols' programs alike: the name their makers publish (idls/MANIFEST.tsv).
  HpNfyc2Saw7RKkQd8nEL4khUcuPhQ7WwY1B2qjx8jxFq: 'PancakeSwap CLMM',
  TAMM6ub33ij1mbetoMyVBLeKY5iP41i4UPUJQGkhfsg: 'Tensor AMM',
  CLMM9tUoggJu2wagPkkqs9eFG4BWhVBZWkP1qv3Sp7tR: 'Crema CLMM',
  cysPXAjehMpVKUapzbMCCnpFxUFFryEWEaLgnb9NrR8: 'Cykura CLMM',
  dp2waEWSBy5yKmq65ergoU3G6qRLmqa6K7We4rZSKph: 'Dradex',
  '9tKE7Mbmj4mxDjWatikzGAtkoWosiiZX9y6J4Hfm2R8H': 'Marco Polo',
  opnb2LAfJYbRMAHHvqjCwQxanZn7ReEHp1k81EohpZb: 'OpenBook v2',
  swapFpHZwjELNnjvThjajtiVmkz3yPQEHjLtka2fwHW: 'Stabble Weighted Swap',
  vo1tWgqZMjG61Z2T9qUaMYKqZ75CYzMuaZ2LZP1n7HV: 'Stabble Vault',
  mmm3XBJg5gk8XJxEKBvdgptZz6SgK4tXvn36sodowMc: 'Magic Eden MMM',
  MoonCVVNZFSYkqNXP6bxHLPL6QQJiMagDL3qcqUQTrG: 'Moonshot',
  '5U3EU2ubXtK84QcRjWVmYt9RaDyA8gKxdUrPFXmZyaki': 'Virtuals Protocol',
  jupoNjAxXgZ4rjzxzPMP4oxduvQsQtZzyknqvzYNrNu: 'Jupiter Limit Order',
  j1o2qRpjcyUwEvwtcfhEQefh773ZgjxcVRry7LDqg5X: 'Jupiter Limit Order v2',
  REFER4ZgmyYx9c6He5XfaTMiGfdLwRnkV4RPp9t9iF3: 'Jupiter Referral',
  DoVEsk76QybCEHQGzkvYPWLQu9gzNoZZZt3TPiL597e: 'Jupiter Doves',
  offerbkFMvVfpQhL8ZQ5iromnjct5rz3r52B9ewu3ie: 'Jupiter Offerbook',
  JUPUSDecMzAVgztLe6eGhwUBj1Pn3j9WAXwmtHmfbRr: 'Jupiter JupUSD',
  jup3YeL8QhtSx1e253b2FDvsMNC87fDrgQZivbrndc9: 'Jupiter Lend Earn',
  jupr81YtYssSyPt8jbnGuiWon5f6x9TcDEFxYe3Bdzi: 'Jupiter Lend Borrow',
  jupgfSgfuAXv4B6R2Uxu85Z1qdzgju79s6MfZekN6XS: 'Jupiter Lend Flashloan',
  GovaE4iu227srtG2s3tZzB4RmWBzw8sTwrCLZz7kN7rY: 'Jupiter Govern',
  voTpe3tHQ7AjQHMapgSue2HJFAh2cGsdokqN3XqmVSj: 'Jupiter Locked Voter',
  DiS3nNjFVMieMgmiQFm6wgJL7nevk4NrhXKLbtEH1Z2R: 'Jupiter Merkle Distributor',
  DiSLRwcSFvtwvMWSs7ubBMvYRaYNYupa76ZSuYLe6D7j: 'Meteora Merkle Distributor',
  MErKy6nZVoVAkryxAejJz2juifQ4ArgLgHmaJCQkU7N: 'Streamflow Merkle Distributor',
  vaU6kP7iNEGkbmPkLmZfGwiGxd4Mob24QQCie5R9kd2: 'Meteora Alpha Vault',
  dfsdo2UqvwfN8DuUVrMRNfQe11VaiNoKcMqLHVvDPzh: 'Meteora Dynamic Fee Sharing',
  pDisRpxvnFw4osSqDPqMJ62tLsVQGsHL4tMX23ArYrL: 'Meteora Liquidity Distributor',
  LocpQgucEQHbqNABEYvBvwoxCPsSbG91A1QaQhQQqjn: 'Meteora Locker',
  FEESngU3neckdwib9X3KWqdL7Mjmqk9XNp3uh5JbP4KP: 'Meteora Stake-for-Fee',
  zapvX9M3uf5pvy4wRPAbQgdQsM1xmuiFnkfHKPvwMiz: 'Meteora Zap',
  FarmsPZpWu9i7Kky8tPN37rs2TpmMrAZrC7S7vJa91Hr: 'Kamino Farms',
  LiMoM9rMhrdYrfzUCxQppvxCSG1FcrUK9G8uLq4A1GF: 'Kamino Limit Orders',
  HFn8GnPADiny6XqUoWE8uRPPxb29ikn4yTuPa9MF2fWJ: 'Kamino Scope',
  '6LtLpnUFNByNXLyCoK9wA2MykKAmQNZKBdY8s47dehDc': 'Kamino Liquidity',
  aMERKpFAWoChCi5oZwPvgsSCoGpZKBiU7fi76bdZjt2: 'Streamflow Aligned Distributor',
  FEELzfBhsWXTNJX53zZcDVfRNoFYZQ6cZA3jLiGVL16V: 'Streamflow Fee Manager',
  GVERNASJFxi8vjjJtwCKYQTeN51XsV1y2B1ap1GtKrKR: 'Streamflow Governor',
  RWRDdfRbi3339VgKxTAXg4cjyniF7cbhNbMxZWiSKmj: 'Streamflow Reward Pool',
  RWRDyfZa6Rk9UYi85yjYYfGmoUqffLqjo6vZdFawEez: 'Streamflow Dynamic Reward Pool',
  STAKEvGqQTtzJZH6BWDcbpzXXn2BBerPAgQ3EGLN2GH: 'Streamflow Stake Pool',
  '5ocnV1qiCgaQR8Jb8xWnVbApfaygJ8tNoZfgPwsgx9kx': 'Sanctum Infinity',
  f1tUoNEKrDp1oeGn4zxr7bh41eN6VcfHjfrL3ZqQday: 'Sanctum Flat Fee',
  wsoGmxQLSvwWpuaidCApxN5kEowLe2HLQLJhCQnj4bE: 'Sanctum wSOL Calculator',
  dstK1PDHNoKN9MdmftRzsEbXP5T1FTBiQBm1Ee3meVd: 'Marinade Directed Stake',
  vBoNdEvzMrSai7is21XgVYik65mqtaKXuSdMBJ1xkW4: 'Marinade Validator Bonds',
  sSo1iU21jBrU9VaJ8PJib1MtorefUV4fzC9GURa2KNn: 'Solayer Restaking',
  src5qyZHqTqecJV4aY6Cb6zDZLMDzrDKKezs22MPHr4: 'deBridge DLN Source',
  dst5MGcFPoBeREFAA5E3tU5ij8m5uVYwkzkSAbsLbNo: 'deBridge DLN Destination',
  CCTPV2Sm4AdWt5296sk4P66VBZ7bEhcARwFaaS9YPbeC: 'Circle CCTP Message Transmitter v2',
  HDwcJBJXjL9FpJ7UBsYBtaDjsBUhuLCUYoz3zr8SWWaQ: 'Wormhole Core Bridge (Pyth)',
  WnFt12ZrnzZrFZkt2xsNsaNWoQribnuQ5B5FrDbwDhD: 'Wormhole NFT Bridge',
  wormDTUJ6AWPNvk59vGQbDvGJmqbDTdgWgAqcLBCgUb: 'Wormhole Token Bridge',
  EFaNWErqAtVWufdNb7yofSHHfWFos843DFpu4JBw24at: 'Wormhole Verify VAA Shim',
  pytd2yyk641x7ak7mkaasSJVXh6YYZnC7wTmtgAyxPt: 'Pyth Lazer',
  pythWSnswVUd12oZpeFP8e9CVaEqJg25g1Vtc2biRsT: 'Pyth Push Oracle',
  pyt2F414BA6dPttK6RddPZUdHfapoBN24GL5wbrPCou: 'Pyth Pro Push Oracle',
  rec5EKMGg6MxZYaMdyBfgwp4d5rB9T1VQH5pJv5LtFJ: 'Pyth Solana Receiver',
  rec2HHDDnjLfj4kE7VyEtFA1HPGQLK33259532cRyHp: 'Pyth Pro Receiver',
  SBondMDrcV3K4kxZR1HNVT7osZxAHVHgYXL5Ze1oMUv: 'Switchboard On-Demand',
  EMBERpYNE6ehWmXymZZS2skiFmCa9V5dp14e1iduM5qy: 'Phoenix Ember',
  EtrnLzgbS7nMMy5fbD42kXiUzGg8XQzJ972Xtk1cjWih: 'Phoenix Eternal',
  ExponentnaRg3CQbW6dqQNZKXp7gtZ9DGMp1cwC4HAS7: 'Exponent',
  '4MangoMjqJ2firMokCjjGgoK8d4MXcrgL7XJaL3w6fVg': 'Mango v4',
  SMPLVC8MxZ5Bf5EfF7PaMiTCxoBAcmkbM2vkrvMK8ho: 'Squads Mesh',
  SQDS4ep65T869zMMBKyuUq6aD6EgTu8psMjkvj52pCf: 'Squads v4',
  SAGE2HAwep459SNq61LHvjxPk4pLPEJLoMETef7f7EE: 'Star Atlas SAGE',
  namesLPneVptA9Z5rqUDD9tMTWEJwofgaYwp8cawRkX: 'SPL Name Service',
  BUNDDh4P5XviMm1f3gCvnq2qKx6TGosAGnoUK12e7cXU: 'Neutral Trade Bundle',
  Guard1JwRhJkVH6XZhzoYxeBVQe872VH6QggF4BWmS9g: 'Metaplex Candy Guard',
  cndy3Z4yapfJBmL3ShUp5exZKqR3z33thTzeNMm2gRZ: 'Metaplex Candy Machine v2',
  CndyV3LdqHUfDLmE5naZjVN8rBZz4tqhdefbAnjHG3JR: 'Metaplex Candy Machine v3',
  neer8g6yJq2mQM6KbnViEDAD4gr3gRZyMMf4F2p3MEh: 'Metaplex Auctioneer',
  SaLeTjyUa5wXHnGuewUSyJ5JWZaHwz3TxqUntCE9czo: 'Metaplex Fixed Price Sale',
  hyDQ4Nz1eYyegS6JfenyKwKzYxRsCWCriYSAjtzP4Vg: 'Metaplex Hydra',
  packFeFNZzMfD9aVWL7QbGz1WcU7R9zpf6pvNsw2BLu: 'Metaplex NFT Packs',
  auth9SigNpDKz4sJJ1DfCTuZrZNSAgh9sFD3rboVmgg: 'Metaplex Token Auth Rules',
  qntmGodpGkrM42mN68VCZHXnKqDCT8rdY23wFcXCLPd: 'Metaplex Token Entangler',
  mcmt6YrQEMKw8Mw43FmpRLmf7BqRnFMKmAcbxE3xkAW: 'MPL Account Compression',
  // The node labels these `bpf-upgradeable-loader` and `vote`, which are not names.
  BPFLoaderUpgradeab1e11111111111111111111111: 'BPF Upgradeable Loader',
  Vote111111111111111111111111111111111111111: 'Vote Program',
};

/**
 * A program's display name; for one outside the table, its description's name in words
 * (`sequence_enforcer` → `Sequence Enforcer`), else the venue's public name (venue-names.ts: venues
 * that publish no layout), else its address.
 */
export function programName(programId: string, described?: string): string {
  const known = PROGRAM_NAMES[programId];
  if (known !== undefined) return known;
  if (described === undefined || !/^[A-Za-z][\w]*$/.test(described)) return VENUE_NAMES[programId] ?? `program ${programId}`;
  return described
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[_\s]+/)
    .filter((w) => w !== '')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * The transaction whose sentences are being written. Templates name amounts deep inside helpers
 * that see no transaction, and summarizeTransaction writes one transaction's sentences at a time,
 * synchronously, so its names are set around that run.
 */
let names: AssetNames | undefined;

export function withNames<T>(current: AssetNames, write: () => T): T {
  const outer = names;
  names = current;
  try {
    return write();
  } finally {
    names = outer;
  }
}

/** How an amount of an asset is written; undefined when neither amount nor asset is known. */
export function asset(amount: bigint | undefined, mint: string | undefined, decimals?: number): string | undefined {
  if (mint === WSOL_MINT || mint === 'lamports') return amount === undefined ? 'SOL' : lamports(amount);
  if (amount === undefined) return mint === undefined ? undefined : (knownSymbol(mint) ?? `tokens of ${mint}`);
  if (mint === undefined) return `${amount} units of an unidentified token`;
  const places = decimals ?? names?.decimalsOf(mint);
  if (amount === 1n && places === 0) return `1 token of ${mint}`;
  if (places === undefined) return `${amount} of ${mint}`;
  const symbol = knownSymbol(mint);
  if (symbol !== undefined) return `${inUnits(amount, places)} ${symbol} (${amount})`;
  const created = names?.createdSymbol(mint);
  return `${inUnits(amount, places)} ${created === undefined ? '' : `${JSON.stringify(created)} `}of ${mint} (${amount})`;
}

/** Each mint's amount of a sum by mint (TxFacts.tokensMoved), in the order they first moved. */
export function assetList(sums: ReadonlyMap<string | undefined, bigint>): string[] {
  return [...sums].map(([mint, amount]) => asset(amount, mint)!);
}

/**
 * What `entry` paid into `account` through what it invoked, each mint's amount joined by `and`.
 * A failed transaction moved nothing, so it reads `tried` (what the arguments say was attempted);
 * a successful one that moved nothing there reads undefined, so no amount is claimed.
 */
export function paidInto(facts: TxFacts, entry: Entry, account: unknown, tried: string | undefined): string | undefined {
  if (facts.failed) return tried;
  const paid = assetList(facts.tokensMoved(entry, 'destination', [account]));
  return paid.length === 0 ? undefined : paid.join(' and ');
}

export function lamports(amount: bigint | number): string {
  return `${inUnits(BigInt(amount), 9)} SOL (${amount} lamports)`;
}

/** `<n> token(s) of <mint>` for NFT-style quantities, where the count is the thing traded. */
export function items(count: bigint, mint: string): string {
  return `${count} ${count === 1n ? 'token' : 'tokens'} of ${mint}`;
}

/**
 * One sentence from its parts: `past` when the transaction succeeded, `failed to <base>` when it
 * failed (then balances did not move and the parts come from the instruction's arguments).
 */
export function sentence(failed: boolean, actor: string, past: string, base: string, rest: string): string {
  const tail = rest === '' ? '' : ` ${rest}`;
  return failed ? `${actor} failed to ${base}${tail}` : `${actor} ${past}${tail}`;
}

/** `sentence` where the actor and the rest are known; null where either is not (nothing is guessed). */
export function say(failed: boolean, actor: string | undefined, past: string, base: string, rest: string | undefined): string | null {
  return actor === undefined || rest === undefined ? null : sentence(failed, actor, past, base, rest);
}
