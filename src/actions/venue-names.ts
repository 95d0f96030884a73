/**
 * People's names for programs the bundled descriptions do not cover. Many venues that Jupiter and
 * OKX routes pass through publish no layout (proprietary market makers, routers, bots), so nothing
 * here can decode them; their legs are still told as swaps from the transfers under them
 * (swaps.ts legSentence), and without this table they would end "on program <address>".
 *
 * Every name was read beside its program id in a public source, named per entry:
 *   - dex-parser: DefaultPerson/solana-dex-parser-go constants/programs.go (commit 4883b14b), whose
 *     JUPITER_LABEL_PROGRAMS are Jupiter's program-id-to-label names;
 *   - Jupiter's AMM labels: duneanalytics/spellbook dbt_subprojects/solana/models/jupiter/jupiter_solana_amms.sql;
 *   - spellbook <venue>: duneanalytics/spellbook dbt_subprojects/solana/models/_sector/dex/<venue>/, the
 *     venue's trades model (its project name and main program id).
 * Where sources spell a name differently, the venue's own spelling is used and both are named. A
 * program the bundled registry describes stays out (test/venue-names.test.ts), so a description's
 * own name is never hidden.
 */
export const VENUE_NAMES: Readonly<Record<string, string>> = Object.freeze({
  // Proprietary market makers Jupiter and OKX route through.
  // dex-parser HUMIDIFI; Jupiter's AMM labels
  '9H6tua7jkLhdm3w8BvgpTn5LZNU7g4ZynDmCiNN3q6Rp': 'HumidiFi',
  // dex-parser BISONFI; DefiLlama/dimension-adapters dexs/bisonfi/index.ts
  BiSoNHVpsVZW2F7rx2eQ59yQwKxzU5NvBcmKshCSUypi: 'BisonFi',
  // dex-parser GOONFI_V2 ("GoonFiV2"); spellbook goonfi/goonfi_v2_solana_base_trades.sql (goonfi, version v2)
  goonuddtQRrWqqn5nFyczVKaie28f3kDkHWkHtURSLE: 'GoonFi V2',
  // Jupiter's AMM labels; dex-parser GOONFI (GoonFi's first program)
  goonERTdGsjnkZqWuVjs73BZ3Pb9qoCUdBUL17BnS5j: 'GoonFi',
  // Jupiter's AMM labels (the name its routes show) and dex-parser TESSERA_V; Solscan writes "Tessera V"
  TessVdML9pBGgG9yGks7o4HewRaXVAMuoVj4x83GLQH: 'TesseraV',
  // dex-parser ALPHAQ; DefiLlama/dimension-adapters dexs/alphaq/index.ts
  ALPHAQmeA7bjrVuccPsYPiCvsi428SNwte66Srvs4pHA: 'AlphaQ',
  // Jupiter's AMM labels; dex-parser ZERO_FI
  ZERor4xhbUycZ6gb9ntrhqscUcZmAbQDjEAtCf4hbZY: 'ZeroFi',
  // Jupiter's AMM labels; dex-parser SOLFI_V2 ("SolFiV2")
  SV2EYYJyRz2YhfXwXnhNAevDEui5Q6yrfyo13WtupPF: 'SolFi V2',
  // dex-parser SCORCH, the swap program Jupiter calls; spellbook scorch/scorch_solana_base_trades.sql.
  // The pricing program it calls (ojh19oja…, also labelled Scorch) is left out: nothing moves under it.
  SCoRcH8c2dpjvcJD6FiPbCSQyQgu3PcUAWj2Xxx3mqn: 'Scorch',
  // dex-parser JUPITER_LABEL_PROGRAMS; spellbook aquifer/aquifer_solana_base_trades.sql
  AQU1FRd7papthgdrwPTTq5JacJh8YtwEXaBfKU3bTz45: 'Aquifer',
  // dex-parser QUANTUM
  QuaNtZsgYRe5Z9Bk4LZ4cTD9tbkVoyCNf1R2BN9bBDv: 'Quantum',
  // dex-parser JUPITER_LABEL_PROGRAMS
  '3TK9D8aoBFYjYZtKCjciPrVrRStsnvo7KmpcJqDavpaU': 'Kipseli',
  '2DNbzPochEcyCcWMbL4d9S3u9QqQEj5bbe6cSZFvKsbh': 'BisonFi Predict',
  FLUX6xBayGxLX9UcimVRxXFMHH6q43mAbRvDzSpCsvfK: 'Flux',

  // Public AMMs without a bundled description.
  // Jupiter's AMM labels ("1DEX", the venue's spelling); dex-parser ONEDEX ("1Dex")
  DEXYosS6oEGvk8uCDayvwEZz4qEyDJRf9nFgYCaqPMTm: '1DEX',
  // Jupiter's AMM labels; dex-parser ALDRIN and ALDRIN_V2
  AMM55ShdkoGRB5jVYPjWziwk8m5MpwyDgsMWHaMSQWH6: 'Aldrin',
  CURVGoZn8zycx6FXwwevgBTB2gVvdbGTEpvMJDbgs2t4: 'Aldrin V2',
  // Jupiter's AMM labels; dex-parser says "Lifinity", the name phrases.ts gives Lifinity's v2 program
  EewxydAPCCVuNEyrVN68PuSYdQ7wKn27V9Gjeoi8dy3S: 'Lifinity v1',
  // dex-parser SUGAR; okxlabs/DEX-Router-Solana-V1 programs/dex-solana/src/constants.rs sugar_money_program
  deus4Bvftd5QKcEkE5muQaWGWDoma8GrySvPFrBPjhS: 'Sugar',
  // dex-parser GOOSEFX; jowency-me/solana-tx-parser README.md
  GAMMA7meSFWaBXF25oSUgmGRwaW6sCMFLmBNiMSdbHVT: 'GooseFX GAMMA',
  // The venue's own README, jup-ag/fusionamm-sdk README.md; Jupiter labels it "DefiTuna" (dex-parser)
  fUSioN9YKKSa3CUC2YUc4tPkHJ5Y6XW1yz8y6F7qWz9: 'FusionAMM',
  // jup-ag/docs jupusd/juiced.mdx and lend/program-addresses.mdx
  jupeiUmn818Jg1ekPURTpr4mFo29p46vygyykFJ3wZC: 'Jupiter Lend Liquidity',

  // Routers and trading bots that public sources name.
  // dex-parser BOT_ROUTER_PROGRAMS
  FLASHX8DrLbgeR8FcfNV1F5krxYcYMUdBkrP1EPBtxB9: 'Axiom',
  // dex-parser PHOTON, MINTECH, BLOOM, MAESTRO and NOVA; jowency-me/solana-tx-parser README.md
  BSfD6SHZigAfDWSjzD5Q41jw8LmKwtmjskPH9XW1mrRW: 'Photon',
  minTcHYRLVPubRK8nt6sqe2ZpWrGDLQoNLipDJCGocY: 'Mintech',
  b1oomGGqPKGD6errbyfbVMBuzSC8WtAAYo8MwNafWW1: 'Bloom',
  MaestroAAe9ge5HTc64VbBQZ6fP77pwvrhM8i1XWSAx: 'Maestro',
  NoVA1TmDUqksaj2hB1nayFkPysjJbFiU76dT4qPw2wm: 'Nova',
  // DefiLlama/dimension-adapters dexs/banana-gun-trading.ts (its Solana router); dex-parser "BananaGun"
  BANANAjs7FJiPQqJTGFzkZJndT9o7UmKiYYGaJz6frGu: 'Banana Gun',
});
