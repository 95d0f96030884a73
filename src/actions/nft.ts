/**
 * NFT marketplaces (Magic Eden, Tensor, Metaplex Auction House) and Metaplex minting, transfer and
 * burn. Quantities are counts of tokens of a mint (`1 token of <mint>`); prices are lamports unless
 * the instruction names another currency mint.
 *
 * Prices: a listing or bid states its price in the arguments, and so does a Magic Eden or Auction
 * House sale. A Tensor buy carries only the buyer's ceiling, so a successful one reports what the
 * buyer actually sent under it (System transfers: price, fees and royalties) and a failed one the
 * ceiling ("at most"); a Tensor sell is paid from a program-owned escrow without a transfer, so it
 * reports the seller's floor ("at least"), which the sale met.
 */
import { big, str, type Entry, type Template, type TxFacts } from './facts.js';
import { asset, items, lamports, programName, say, sentence, WSOL_MINT } from './phrases.js';

/** An argument that is a struct or an enum variant (`{V1: {…}}`): the named field inside it. */
function nested(value: unknown, field: string): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (field in record) return record[field];
  for (const inner of Object.values(record)) {
    if (inner !== null && typeof inner === 'object' && field in inner) return (inner as Record<string, unknown>)[field];
  }
  return undefined;
}

/** `n token(s) of <mint>`; 1 where the instruction trades a single NFT without a size argument. */
function quantity(size: unknown, mint: string | undefined): string | undefined {
  if (mint === undefined) return undefined;
  return items(big(size) ?? 1n, mint);
}

/** A price in a currency mint where the instruction names one (none, or wrapped SOL: lamports). */
function price(amount: bigint | undefined, currency?: string | null): string | undefined {
  if (amount === undefined) return undefined;
  return currency === undefined || currency === null || currency === WSOL_MINT ? lamports(amount) : asset(amount, currency);
}

/** Lamports `payer` sent by System transfers under this entry; undefined where none are visible. */
function lamportsSent(entry: Entry, facts: TxFacts, payer: string): bigint | undefined {
  const under = facts.descendants(entry);
  if (under === undefined) return undefined;
  const sent = facts.transfers(under).filter((m) => m.asset === 'lamports' && m.source === payer);
  return sent.length === 0 ? undefined : sent.reduce((s, m) => s + m.amount, 0n);
}

/** A sale where either side may have signed: the signer is the actor. */
function sale(
  facts: TxFacts,
  buyer: string | undefined,
  seller: string | undefined,
  what: string | undefined,
  cost: string | undefined,
  venue: string,
): string | null {
  if (what === undefined || buyer === undefined || seller === undefined) return null;
  const priced = cost === undefined ? '' : ` for ${cost}`;
  if (facts.isSigner(seller) && !facts.isSigner(buyer))
    return sentence(facts.failed, seller, 'sold', 'sell', `${what} to ${buyer}${priced} on ${venue}`);
  return sentence(facts.failed, buyer, 'bought', 'buy', `${what} from ${seller}${priced} on ${venue}`);
}

const magicEden: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const on = 'on Magic Eden';
  const what = quantity(i.tokenSize, str(i.tokenMint));
  const amount = big(i.buyerPrice) ?? big(nested(i.args, 'price'));
  switch (entry.ix.type) {
    case 'sell':
    case 'ocpSell':
    case 'mip1Sell':
      return what === undefined || amount === undefined
        ? null
        : say(facts.failed, str(i.wallet), 'listed', 'list', `${what} for ${lamports(amount)} ${on}`);
    case 'cancelSell':
    case 'ocpCancelSell':
    case 'mip1CancelSell':
      return what === undefined ? null : say(facts.failed, str(i.wallet), 'delisted', 'delist', `${what} ${on}`);
    case 'buy':
    case 'buyV2':
      return what === undefined || amount === undefined
        ? null
        : say(facts.failed, str(i.wallet), 'placed', 'place', `a bid of ${lamports(amount)} for ${what} ${on}`);
    case 'cancelBuy':
      return what === undefined || amount === undefined
        ? null
        : say(facts.failed, str(i.wallet), 'cancelled', 'cancel', `a bid of ${lamports(amount)} for ${what} ${on}`);
    case 'executeSaleV2':
    case 'ocpExecuteSaleV2':
    case 'mip1ExecuteSaleV2':
      return sale(facts, str(i.buyer), str(i.seller), what, price(amount), 'Magic Eden');
    case 'deposit':
      return big(i.amount) === undefined
        ? null
        : say(
            facts.failed,
            str(i.wallet),
            'deposited',
            'deposit',
            `${lamports(big(i.amount)!)} into escrow ${i.escrowPaymentAccount} ${on}`,
          );
    case 'withdraw':
      return big(i.amount) === undefined
        ? null
        : say(
            facts.failed,
            str(i.wallet),
            'withdrew',
            'withdraw',
            `${lamports(big(i.amount)!)} from escrow ${i.escrowPaymentAccount} ${on}`,
          );
    default:
      return null;
  }
};

const tensorSwap: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const on = 'on Tensor';
  const what = quantity(undefined, str(i.nftMint));
  if (what === undefined) return null;
  const type = entry.ix.type ?? '';
  if (/^(list|listT22|wnsList)$/.test(type)) {
    const amount = big(i.price);
    return amount === undefined ? null : say(facts.failed, str(i.owner), 'listed', 'list', `${what} for ${lamports(amount)} ${on}`);
  }
  if (/^(delist|delistT22|wnsDelist)$/.test(type)) return say(facts.failed, str(i.owner), 'delisted', 'delist', `${what} ${on}`);
  if (type === 'editSingleListing') {
    const amount = big(i.price);
    return amount === undefined
      ? null
      : say(facts.failed, str(i.owner), 'repriced', 'reprice', `the listing of ${what} to ${lamports(amount)} ${on}`);
  }
  if (/^(buySingleListing|buySingleListingT22|wnsBuySingleListing|buyNft|buyNftT22|wnsBuyNft)$/.test(type)) {
    const buyer = str(i.buyer);
    if (buyer === undefined) return null;
    const cost = facts.failed ? atMost(big(i.maxPrice)) : price(lamportsSent(entry, facts, buyer));
    return sentence(facts.failed, buyer, 'bought', 'buy', `${what} from ${i.owner}${cost === undefined ? '' : ` for ${cost}`} ${on}`);
  }
  if (/^(sellNftTokenPool|sellNftTradePool|sellNftTokenPoolT22|sellNftTradePoolT22|wnsSellNftTokenPool|wnsSellNftTradePool)$/.test(type)) {
    const floor = big(i.minPrice);
    return say(
      facts.failed,
      str(i.seller),
      'sold',
      'sell',
      `${what} to pool ${i.pool}${floor === undefined ? '' : ` for at least ${lamports(floor)}`} ${on}`,
    );
  }
  if (/^(depositNft|depositNftT22|wnsDepositNft)$/.test(type))
    return say(facts.failed, str(i.owner), 'deposited', 'deposit', `${what} into pool ${i.pool} ${on}`);
  if (/^(withdrawNft|withdrawNftT22|wnsWithdrawNft)$/.test(type))
    return say(facts.failed, str(i.owner), 'withdrew', 'withdraw', `${what} from pool ${i.pool} ${on}`);
  return null;
};

/** Tensor's solSwap pool SOL moves, which carry no NFT. */
const tensorSwapSol: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const amount = big(i.lamports);
  if (amount === undefined) return null;
  if (entry.ix.type === 'depositSol')
    return say(facts.failed, str(i.owner), 'deposited', 'deposit', `${lamports(amount)} into pool ${i.pool} on Tensor`);
  if (entry.ix.type === 'withdrawSol')
    return say(facts.failed, str(i.owner), 'withdrew', 'withdraw', `${lamports(amount)} from pool ${i.pool} on Tensor`);
  return null;
};

const tensorBid: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const what = quantity(undefined, str(i.nftMint));
  const amount = big(i.lamports);
  if (what === undefined) return null;
  switch (entry.ix.type) {
    case 'bid':
      return amount === undefined
        ? null
        : say(facts.failed, str(i.bidder), 'placed', 'place', `a bid of ${lamports(amount)} for ${what} on Tensor`);
    case 'cancelBid':
      return say(facts.failed, str(i.bidder), 'cancelled', 'cancel', `a bid for ${what} on Tensor`);
    case 'takeBid':
    case 'takeBidT22':
    case 'wnsTakeBid':
      return say(
        facts.failed,
        str(i.seller),
        'sold',
        'sell',
        `${what} to ${i.bidder}${amount === undefined ? '' : ` for at least ${lamports(amount)}`} on Tensor`,
      );
    default:
      return null;
  }
};

/**
 * Tensor's marketplace program (tcomp): compressed NFTs are named by tree and leaf index, the
 * others by mint (legacy, Token-2022, WNS) or asset (Metaplex Core).
 */
const tensorMarketplace: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const type = entry.ix.type ?? '';
  const target = str(i.mint) ?? str(i.asset);
  const what =
    target !== undefined
      ? items(1n, target)
      : str(i.merkleTree) !== undefined && big(i.index) !== undefined
        ? `compressed NFT #${i.index} of tree ${i.merkleTree}`
        : undefined;
  const on = 'on Tensor';
  const currency = str(i.currency);
  if (/^list/.test(type)) {
    const cost = price(big(i.amount), currency);
    return what === undefined || cost === undefined ? null : say(facts.failed, str(i.owner), 'listed', 'list', `${what} for ${cost} ${on}`);
  }
  if (/^delist/.test(type)) return what === undefined ? null : say(facts.failed, str(i.owner), 'delisted', 'delist', `${what} ${on}`);
  if (/^buy/.test(type)) {
    const payer = str(i.payer);
    if (what === undefined || payer === undefined) return null;
    // A buy paid in a currency token is not visible as lamports; then only the ceiling is known.
    const spent = facts.failed || currency !== undefined ? undefined : lamportsSent(entry, facts, payer);
    const cost = spent !== undefined ? lamports(spent) : facts.failed ? atMost(big(i.maxAmount), currency) : undefined;
    const forWhom = str(i.buyer) !== undefined && i.buyer !== payer ? ` for ${i.buyer}` : '';
    return sentence(
      facts.failed,
      payer,
      'bought',
      'buy',
      `${what} from ${i.owner}${forWhom}${cost === undefined ? '' : ` for ${cost}`} ${on}`,
    );
  }
  if (/^takeBid/.test(type)) {
    const floor = big(i.minAmount);
    return what === undefined
      ? null
      : say(
          facts.failed,
          str(i.seller),
          'sold',
          'sell',
          `${what} to ${i.owner}${floor === undefined ? '' : ` for at least ${lamports(floor)}`} ${on}`,
        );
  }
  if (type === 'bid') {
    const amount = big(i.amount);
    const count = big(i.quantity) ?? 1n;
    const about = typeof i.target === 'string' && str(i.targetId) !== undefined ? ` (${i.target} ${i.targetId})` : '';
    return amount === undefined
      ? null
      : say(
          facts.failed,
          str(i.owner),
          'placed',
          'place',
          `a bid of ${price(amount, currency)} for ${count} ${count === 1n ? 'NFT' : 'NFTs'}${about} ${on}`,
        );
  }
  if (type === 'cancelBid') return say(facts.failed, str(i.owner), 'cancelled', 'cancel', `bid ${i.bidState} ${on}`);
  return null;
};

function atMost(limit: bigint | undefined, currency?: string | null): string | undefined {
  const p = price(limit, currency);
  return p === undefined ? undefined : `at most ${p}`;
}

/** Metaplex Auction House: prices in the house's treasury mint where the instruction names it. */
const auctionHouse: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const on = `on ${programName(entry.ix.programId)}`;
  const mint = str(i.tokenMint) ?? facts.tokenAccount(str(i.tokenAccount))?.mint;
  const what = quantity(i.tokenSize, mint);
  // A listing does not name the house's currency; another instruction of the same house may.
  const treasuryMint =
    str(i.treasuryMint) ??
    facts.entries
      .map((e) => e.ix)
      .find(
        (ix) => ix.programId === entry.ix.programId && ix.info.auctionHouse === i.auctionHouse && str(ix.info.treasuryMint) !== undefined,
      )?.info.treasuryMint;
  const cost =
    treasuryMint !== undefined
      ? price(big(i.buyerPrice), String(treasuryMint))
      : big(i.buyerPrice) === undefined
        ? undefined
        : `${i.buyerPrice} base units of the auction house's currency`;
  switch (entry.ix.type) {
    case 'sell':
      return what === undefined || cost === undefined
        ? null
        : say(facts.failed, str(i.wallet), 'listed', 'list', `${what} for ${cost} ${on}`);
    case 'buy':
    case 'publicBuy':
      return what === undefined || cost === undefined
        ? null
        : say(facts.failed, str(i.wallet), 'placed', 'place', `a bid of ${cost} for ${what} ${on}`);
    case 'cancel':
      return what === undefined ? null : say(facts.failed, str(i.wallet), 'cancelled', 'cancel', `an order for ${what} ${on}`);
    case 'executeSale':
    case 'executeSaleV2':
    case 'executePartialSale':
      return sale(facts, str(i.buyer), str(i.seller), what, cost, programName(entry.ix.programId));
    case 'deposit':
    case 'withdraw': {
      const amount = big(i.amount);
      if (amount === undefined) return null;
      const money = str(i.treasuryMint) !== undefined ? price(amount, i.treasuryMint) : `${amount} base units`;
      return entry.ix.type === 'deposit'
        ? say(facts.failed, str(i.wallet), 'deposited', 'deposit', `${money} into escrow ${i.escrowPaymentAccount} ${on}`)
        : say(facts.failed, str(i.wallet), 'withdrew', 'withdraw', `${money} from escrow ${i.escrowPaymentAccount} ${on}`);
    }
    case 'withdrawFromFee': {
      const amount = big(i.amount);
      return amount === undefined
        ? null
        : say(
            facts.failed,
            str(i.authority),
            'withdrew',
            'withdraw',
            `${lamports(amount)} from fee account ${i.auctionHouseFeeAccount} to ${i.feeWithdrawalDestination} ${on}`,
          );
    }
    case 'withdrawFromTreasury': {
      const amount = price(big(i.amount), str(i.treasuryMint));
      return amount === undefined
        ? null
        : say(
            facts.failed,
            str(i.authority),
            'withdrew',
            'withdraw',
            `${amount} from treasury ${i.auctionHouseTreasury} to ${i.treasuryWithdrawalDestination} ${on}`,
          );
    }
    default:
      return null;
  }
};

/** Token Metadata: the token's decimals come from the balances of the token account involved. */
const tokenMetadata: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const on = 'on Metaplex';
  const held = (mint: string | undefined, account: unknown, amount: unknown) => {
    const n = big(amount) ?? big(nested(amount, 'amount'));
    return mint === undefined ? undefined : asset(n, mint, facts.tokenAccount(str(account))?.decimals);
  };
  const mint = str(i.mint);
  switch (entry.ix.type) {
    case 'mint':
      return say(
        facts.failed,
        str(i.authority),
        'minted',
        'mint',
        mint && `${held(mint, i.token, i.mintArgs)} to ${i.tokenOwner ?? i.token} ${on}`,
      );
    case 'transfer':
      return say(
        facts.failed,
        str(i.authority),
        'transferred',
        'transfer',
        mint && `${held(mint, i.token, i.transferArgs)} from ${i.tokenOwner ?? i.token} to ${i.destinationOwner ?? i.destination} ${on}`,
      );
    case 'burn':
      return say(facts.failed, str(i.authority), 'burned', 'burn', mint && `${held(mint, i.token, i.burnArgs)} ${on}`);
    case 'burnNft':
      return say(facts.failed, str(i.owner), 'burned', 'burn', mint && `${items(1n, mint)} ${on}`);
    case 'burnEditionNft':
      return say(facts.failed, str(i.owner), 'burned', 'burn', str(i.printEditionMint) && `${items(1n, i.printEditionMint)} ${on}`);
    case 'createMetadataAccount':
    case 'createMetadataAccountV2':
    case 'createMetadataAccountV3': {
      const name = nested(
        nested(i.createMetadataAccountArgsV3 ?? i.createMetadataAccountArgsV2 ?? i.createMetadataAccountArgs, 'data'),
        'name',
      );
      const named = typeof name === 'string' ? ` named ${JSON.stringify(name.replace(/\0+$/, ''))}` : '';
      return say(
        facts.failed,
        str(i.mintAuthority),
        'created',
        'create',
        mint && `metadata account ${i.metadata} for ${mint}${named} ${on}`,
      );
    }
    case 'create':
      return say(facts.failed, str(i.authority), 'created', 'create', mint && `metadata account ${i.metadata} for ${mint} ${on}`);
    case 'createMasterEdition':
    case 'createMasterEditionV3':
      return say(facts.failed, str(i.updateAuthority), 'created', 'create', mint && `master edition ${i.edition} for ${mint} ${on}`);
    case 'verifyCollection':
    case 'verifySizedCollectionItem':
      return say(
        facts.failed,
        str(i.collectionAuthority),
        'verified',
        'verify',
        str(i.collectionMint) && `metadata ${i.metadata} as a member of collection ${i.collectionMint} ${on}`,
      );
    default:
      return null;
  }
};

/**
 * Bubblegum compressed NFTs: a leaf of a Merkle tree, named by its index where the instruction
 * carries it. V2 instructions take an optional authority that defaults to the payer, as the
 * program reads it.
 */
const bubblegum: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const on = 'on Metaplex Bubblegum';
  const by = (...accounts: unknown[]) => accounts.map(str).find((a) => a !== undefined);
  switch (entry.ix.type) {
    case 'setDecompressibleState':
    case 'setDecompressableState': {
      const state = typeof i.decompressableState === 'string' ? i.decompressableState.toLowerCase() : undefined;
      return say(
        facts.failed,
        str(i.treeCreator),
        'set',
        'set',
        state && `decompression of the tree configured at ${i.treeAuthority} to ${state} ${on}`,
      );
    }
    case 'decompressV1':
      return say(
        facts.failed,
        str(i.leafOwner),
        'decompressed',
        'decompress',
        `a compressed NFT into mint ${i.mint} (voucher ${i.voucher}) ${on}`,
      );
  }
  if (str(i.merkleTree) === undefined) return null;
  const leaf =
    big(i.index) !== undefined ? `compressed NFT #${i.index} of tree ${i.merkleTree}` : `a compressed NFT in tree ${i.merkleTree}`;
  /** The leaf's owner, else its delegate, whichever signed: the one a transfer or burn acts for. */
  const holder = () => (facts.isSigner(str(i.leafDelegate)) && !facts.isSigner(str(i.leafOwner)) ? str(i.leafDelegate) : str(i.leafOwner));
  switch (entry.ix.type) {
    case 'mintV1':
    case 'mintV2':
    case 'mintToCollectionV1': {
      const minted = mintedLeaf(entry, facts);
      const what = minted === undefined ? leaf : `compressed NFT ${minted.id} (#${minted.nonce} of tree ${i.merkleTree})`;
      return say(
        facts.failed,
        by(i.treeDelegate, i.payer),
        'minted',
        'mint',
        `${what} to ${i.leafOwner}${str(i.collectionMint) ? ` in collection ${i.collectionMint}` : ''} ${on}`,
      );
    }
    case 'transfer':
    case 'transferV2':
      return say(
        facts.failed,
        str(i.authority) ?? holder(),
        'transferred',
        'transfer',
        `${leaf} from ${i.leafOwner} to ${i.newLeafOwner} ${on}`,
      );
    case 'burn':
    case 'burnV2':
      return say(facts.failed, str(i.authority) ?? holder(), 'burned', 'burn', `${leaf} ${on}`);
    case 'createTree':
    case 'createTreeV2': {
      const depth = big(i.maxDepth);
      const buffer = big(i.maxBufferSize);
      if (depth === undefined || buffer === undefined) return null;
      const shape = `max depth ${depth}, buffer ${buffer}${i.public === true ? ', public' : ''}`;
      return say(
        facts.failed,
        by(i.treeCreator, i.payer),
        'created',
        'create',
        `tree ${i.merkleTree} for compressed NFTs (${shape}) ${on}`,
      );
    }
    case 'closeTreeV2':
      return say(facts.failed, str(i.authority), 'closed', 'close', `tree ${i.merkleTree}, its rent to ${i.recipient}, ${on}`);
    case 'setTreeDelegate':
      return say(facts.failed, str(i.treeCreator), 'set', 'set', `the delegate of tree ${i.merkleTree} to ${i.newTreeDelegate} ${on}`);
    case 'delegate':
    case 'delegateV2':
      return say(facts.failed, by(i.leafOwner, i.payer), 'delegated', 'delegate', `${leaf} to ${i.newLeafDelegate} ${on}`);
    case 'delegateAndFreezeV2':
      return say(facts.failed, by(i.leafOwner, i.payer), 'froze', 'freeze', `${leaf}, delegated to ${i.newLeafDelegate}, ${on}`);
    case 'freezeV2':
      return say(facts.failed, by(i.authority, i.payer), 'froze', 'freeze', `${leaf} ${on}`);
    case 'thawV2':
      return say(facts.failed, by(i.authority, i.payer), 'thawed', 'thaw', `${leaf} ${on}`);
    case 'thawAndRevokeV2':
      return say(facts.failed, by(i.leafDelegate, i.payer), 'thawed', 'thaw', `${leaf}, revoking its delegate, ${on}`);
    case 'redeem':
      return say(facts.failed, str(i.leafOwner), 'redeemed', 'redeem', `${leaf} for decompression (voucher ${i.voucher}) ${on}`);
    case 'cancelRedeem':
      return say(
        facts.failed,
        str(i.leafOwner),
        'cancelled',
        'cancel',
        `the redemption of voucher ${i.voucher} of tree ${i.merkleTree} ${on}`,
      );
    case 'compress':
      return say(facts.failed, str(i.leafOwner), 'compressed', 'compress', `mint ${i.mint} into tree ${i.merkleTree} ${on}`);
    case 'verifyCreator':
    case 'verifyCreatorV2':
    case 'unverifyCreator':
    case 'unverifyCreatorV2': {
      const [past, base] = entry.ix.type.startsWith('un') ? ['unverified', 'unverify'] : ['verified', 'verify'];
      return say(facts.failed, by(i.creator, i.payer), past, base, `${i.creator ?? i.payer} as a creator of ${leaf} ${on}`);
    }
    case 'verifyCollection':
    case 'setAndVerifyCollection':
    case 'unverifyCollection': {
      const [past, base] = entry.ix.type.startsWith('un') ? ['unverified', 'unverify'] : ['verified', 'verify'];
      return say(facts.failed, str(i.collectionAuthority), past, base, `${leaf} as a member of collection ${i.collectionMint} ${on}`);
    }
    case 'setCollectionV2':
      return str(i.newCoreCollection) !== undefined
        ? say(facts.failed, by(i.authority, i.payer), 'set', 'set', `the collection of ${leaf} to ${i.newCoreCollection} ${on}`)
        : say(facts.failed, by(i.authority, i.payer), 'removed', 'remove', `${leaf} from collection ${i.coreCollection} ${on}`);
    case 'setNonTransferableV2':
      return say(facts.failed, by(i.authority, i.payer), 'made', 'make', `${leaf} non-transferable ${on}`);
    case 'updateMetadata':
    case 'updateMetadataV2':
      return say(
        facts.failed,
        by(i.authority, i.payer),
        'updated',
        'update',
        `the metadata of ${leaf}${metadataChanges(i.updateArgs)} ${on}`,
      );
    case 'updateAssetDataV2':
      return say(facts.failed, by(i.authority, i.payer), 'updated', 'update', `the asset data of ${leaf} ${on}`);
    default:
      return null;
  }
};

/**
 * The leaf a mint appended, as the LeafSchema event it logged through the noop program says: its
 * asset id (what DAS and wallets name a compressed NFT by) and its index in the tree.
 */
function mintedLeaf(entry: Entry, facts: TxFacts): { id: string; nonce: bigint } | undefined {
  for (const callee of facts.descendants(entry) ?? []) {
    const event = (callee.ix.info as Record<string, any>).event?.ApplicationData?.V1?.leafSchemaEvent?.schema;
    const schema = event?.V1 ?? event?.V2;
    const id = str(schema?.id);
    const nonce = big(schema?.nonce);
    if (id !== undefined && nonce !== undefined) return { id, nonce };
  }
  return undefined;
}

/** The name, symbol and uri an update sets, quoted, where it sets them. */
function metadataChanges(args: unknown): string {
  if (args === null || typeof args !== 'object') return '';
  const set = (['name', 'symbol', 'uri'] as const).flatMap((field) => {
    const value = (args as Record<string, unknown>)[field];
    return typeof value === 'string' ? [`${field} ${JSON.stringify(value)}`] : [];
  });
  return set.length === 0 ? '' : ` (${set.join(', ')})`;
}

/** Metaplex Core assets are accounts, not tokens: named `asset <address>`. */
const core: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const on = 'on Metaplex Core';
  const target = str(i.asset);
  if (target === undefined) return null;
  switch (entry.ix.type) {
    case 'createV1':
    case 'createV2':
      return say(
        facts.failed,
        str(i.authority) ?? str(i.payer),
        'created',
        'create',
        `asset ${target}${str(i.owner) ? ` owned by ${i.owner}` : ''} ${on}`,
      );
    case 'transferV1':
      return say(facts.failed, str(i.authority) ?? str(i.payer), 'transferred', 'transfer', `asset ${target} to ${i.newOwner} ${on}`);
    case 'burnV1':
      return say(facts.failed, str(i.authority) ?? str(i.payer), 'burned', 'burn', `asset ${target} ${on}`);
    default:
      return null;
  }
};

export const nftTemplates: Readonly<Record<string, Template>> = {
  M2mx93ekt1fmXSVkTrUL9xVFHkmME8HTUi5Cyc5aF7K: magicEden,
  TSWAPaqyCSx2KABk68Shruf4rp7CxcNi8hAsbdwmHbN: (entry, facts) => tensorSwap(entry, facts) ?? tensorSwapSol(entry, facts),
  TB1Dqt8JeKQh7RLDzfYDJsq8KS4fS2yt87avRjyRxMv: tensorBid,
  TCMPhJdwDryooaGtiocG1u3xcYbRpiJzb283XfCZsDp: tensorMarketplace,
  hausS13jsjafwWwGqZTUQRmWyvyxn9EQpqMwV1PBBmk: auctionHouse,
  metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s: tokenMetadata,
  BGUMAp9Gq7iTEuizy4pqaxsTyUCBK68MDfK752saRPUY: bubblegum,
  CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d: core,
};
