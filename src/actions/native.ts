/**
 * Templates for the programs the node itself parses (System, SPL Token and Token-2022, Associated
 * Token Account, Memo, Stake) and for Compute Budget. Field names are the node's `parsed.info`
 * names. Set-up steps that no account signs (initializeAccount, getAccountDataSize, syncNative,
 * initializeMint…) are told, as Compute Budget's are, for the fee payer: the account that signed
 * and paid for the transaction that ran them. Whoever else they name (the owner of a new token
 * account, a mint's authority) did not sign them, so is never made their actor.
 */
import { big, decimalsOf, str, tokenAmountOf, type Entry, type Template, type TxFacts } from './facts.js';
import { asset, lamports, programName, say, sentence, WSOL_MINT } from './phrases.js';
import { knownSymbol } from './names.js';
import { memoText } from './native-decode.js';

const system: Template = ({ ix }, facts) => {
  const i = ix.info;
  const n = big(i.lamports);
  switch (ix.type) {
    case 'transfer':
      return n === undefined ? null : say(facts.failed, str(i.source), 'transferred', 'transfer', `${lamports(n)} to ${i.destination}`);
    case 'transferWithSeed':
      return n === undefined
        ? null
        : say(facts.failed, str(i.sourceBase), 'transferred', 'transfer', `${lamports(n)} from ${i.source} to ${i.destination}`);
    case 'createAccount':
    case 'createAccountWithSeed':
      if (n === undefined) return null;
      return say(
        facts.failed,
        str(i.source),
        'created',
        'create',
        `account ${i.newAccount} owned by ${i.owner} with ${lamports(n)} and ${i.space} bytes`,
      );
    case 'allocate':
      return say(facts.failed, str(i.account), 'allocated', 'allocate', `${i.space} bytes for account ${i.account}`);
    case 'allocateWithSeed':
      return say(facts.failed, str(i.base), 'allocated', 'allocate', `${i.space} bytes for account ${i.account}`);
    case 'assign':
      return say(facts.failed, str(i.account), 'assigned', 'assign', `account ${i.account} to program ${i.owner}`);
    case 'assignWithSeed':
      return say(facts.failed, str(i.base), 'assigned', 'assign', `account ${i.account} to program ${i.owner}`);
    case 'advanceNonce':
      return say(facts.failed, str(i.nonceAuthority), 'advanced', 'advance', `nonce account ${i.nonceAccount}`);
    case 'withdrawFromNonce':
      return n === undefined
        ? null
        : say(
            facts.failed,
            str(i.nonceAuthority),
            'withdrew',
            'withdraw',
            `${lamports(n)} from nonce account ${i.nonceAccount} to ${i.destination}`,
          );
    default:
      return null;
  }
};

const splToken: Template = ({ ix }, facts) => {
  const i = ix.info;
  const amount = tokenAmountOf(i);
  /** A token account's mint and decimals: the instruction's own, else the answer's balances. */
  const assetOf = (account: unknown) => {
    const t = facts.tokenAccount(str(account));
    return asset(amount, str(i.mint) ?? t?.mint, decimalsOf(i) ?? t?.decimals);
  };
  const authority = str(i.authority) ?? str(i.multisigAuthority);
  const owner = str(i.owner) ?? str(i.multisigOwner);
  switch (ix.type) {
    case 'transfer':
    case 'transferChecked':
      if (amount === undefined) return null;
      return say(facts.failed, authority, 'transferred', 'transfer', `${assetOf(i.source)} from ${i.source} to ${i.destination}`);
    case 'mintTo':
    case 'mintToChecked':
      if (amount === undefined) return null;
      return say(
        facts.failed,
        str(i.mintAuthority) ?? str(i.multisigMintAuthority),
        'minted',
        'mint',
        `${assetOf(i.account)} to ${i.account}`,
      );
    case 'burn':
    case 'burnChecked':
      if (amount === undefined) return null;
      return say(facts.failed, authority, 'burned', 'burn', `${assetOf(i.account)} from ${i.account}`);
    case 'approve':
    case 'approveChecked':
      if (amount === undefined) return null;
      return say(facts.failed, owner, 'approved', 'approve', `${i.delegate} to spend ${assetOf(i.source)} from ${i.source}`);
    case 'revoke':
      return say(facts.failed, owner, 'revoked', 'revoke', `the delegate of ${i.source}`);
    case 'closeAccount':
      return say(facts.failed, owner, 'closed', 'close', `token account ${i.account}, sending its lamports to ${i.destination}`);
    case 'setAuthority': {
      const target = str(i.account) ?? str(i.mint);
      const kind = typeof i.authorityType === 'string' ? `${i.authorityType} authority` : 'authority';
      if (target === undefined) return null;
      const rest =
        i.newAuthority === null || i.newAuthority === undefined
          ? `the ${kind} of ${target}`
          : `the ${kind} of ${target} to ${i.newAuthority}`;
      return say(facts.failed, authority, i.newAuthority == null ? 'removed' : 'set', i.newAuthority == null ? 'remove' : 'set', rest);
    }
    case 'freezeAccount':
      return say(
        facts.failed,
        str(i.freezeAuthority) ?? str(i.multisigFreezeAuthority),
        'froze',
        'freeze',
        `token account ${i.account} of ${i.mint}`,
      );
    case 'thawAccount':
      return say(
        facts.failed,
        str(i.freezeAuthority) ?? str(i.multisigFreezeAuthority),
        'thawed',
        'thaw',
        `token account ${i.account} of ${i.mint}`,
      );
    default:
      return tokenSetUp(ix, facts);
  }
};

/** A mint as a person knows it: wrapped SOL, the bundled table's symbol, else its address. */
function mintName(mint: string): string {
  if (mint === WSOL_MINT) return 'wrapped SOL';
  return knownSymbol(mint) ?? `mint ${mint}`;
}

/** The Token program's set-up steps, told for the fee payer (see the head of this file). */
function tokenSetUp(ix: Entry['ix'], facts: TxFacts): string | null {
  const i = ix.info;
  const account = str(i.account);
  const mint = str(i.mint);
  const tell = (past: string, base: string, rest: string | undefined) => say(facts.failed, facts.feePayer, past, base, rest);
  switch (ix.type) {
    case 'initializeAccount':
    case 'initializeAccount2':
    case 'initializeAccount3':
      return mint === undefined || account === undefined || str(i.owner) === undefined
        ? null
        : tell('initialized', 'initialize', `token account ${account} for ${mintName(mint)} owned by ${i.owner}`);
    case 'initializeMint':
    case 'initializeMint2': {
      if (mint === undefined || typeof i.decimals !== 'number' || str(i.mintAuthority) === undefined) return null;
      const freeze = str(i.freezeAuthority) === undefined ? '' : ` and freeze authority ${i.freezeAuthority}`;
      return tell('initialized', 'initialize', `mint ${mint} with ${i.decimals} decimals, mint authority ${i.mintAuthority}${freeze}`);
    }
    case 'initializeImmutableOwner':
      return account === undefined ? null : tell('made', 'make', `the owner of token account ${account} immutable`);
    case 'syncNative':
      return account === undefined ? null : tell('synced', 'sync', `the wrapped SOL balance of token account ${account} with its lamports`);
    case 'getAccountDataSize':
      return mint === undefined ? null : tell('looked up', 'look up', `the size of a token account for ${mintName(mint)}`);
    case 'initializeMetadataPointer': {
      const target = str(i.metadataAddress);
      if (mint === undefined || target === undefined) return null;
      const by = str(i.authority) === undefined ? '' : `, authority ${i.authority}`;
      return tell('pointed', 'point', `the metadata of mint ${mint} to account ${target}${by}`);
    }
    case 'harvestWithheldTokensToMint':
      return mint === undefined
        ? null
        : tell('harvested', 'harvest', `the transfer fees withheld in token accounts of mint ${mint} into the mint`);
    case 'withdrawWithheldTokensFromMint':
    case 'withdrawWithheldTokensFromAccounts': {
      if (mint === undefined || str(i.feeRecipient) === undefined) return null;
      const from = ix.type === 'withdrawWithheldTokensFromMint' ? `mint ${mint}` : `token accounts of mint ${mint}`;
      const authority = str(i.withdrawWithheldAuthority) ?? str(i.multisigWithdrawWithheldAuthority);
      return say(facts.failed, authority, 'withdrew', 'withdraw', `the transfer fees withheld in ${from} to ${i.feeRecipient}`);
    }
    default:
      return tokenMetadata(ix, facts);
  }
}

/** Token-2022's metadata interface: signed by the mint's authority or the metadata's update authority. */
function tokenMetadata(ix: Entry['ix'], facts: TxFacts): string | null {
  const i = ix.info;
  const metadata = str(i.metadata);
  if (metadata === undefined) return null;
  switch (ix.type) {
    case 'initializeTokenMetadata': {
      const fields = [i.name, i.symbol, i.uri];
      if (str(i.mint) === undefined || !fields.every((f) => typeof f === 'string')) return null;
      const [name, symbol, uri] = fields.map((f) => JSON.stringify(f));
      return say(
        facts.failed,
        str(i.mintAuthority),
        'initialized',
        'initialize',
        `metadata ${metadata} of mint ${i.mint}: name ${name}, symbol ${symbol}, uri ${uri}`,
      );
    }
    case 'updateTokenMetadataField':
      // The node writes the field as `name`, `symbol`, `uri` or a custom key itself.
      return typeof i.value !== 'string' || typeof i.field !== 'string'
        ? null
        : say(
            facts.failed,
            str(i.updateAuthority),
            'set',
            'set',
            `${JSON.stringify(i.field)} of metadata ${metadata} to ${JSON.stringify(i.value)}`,
          );
    case 'updateTokenMetadataAuthority': {
      const to = str(i.newAuthority);
      return to === undefined
        ? say(facts.failed, str(i.updateAuthority), 'removed', 'remove', `the update authority of metadata ${metadata}`)
        : say(facts.failed, str(i.updateAuthority), 'set', 'set', `the update authority of metadata ${metadata} to ${to}`);
    }
    default:
      return null;
  }
}

const associatedTokenAccount: Template = (entry, facts) => {
  const { ix } = entry;
  const i = ix.info;
  const payer = str(i.source);
  if (payer === undefined || (ix.type !== 'create' && ix.type !== 'createIdempotent')) return null;
  const what = `associated token account ${i.account} of ${i.mint} for ${i.wallet}`;
  // createIdempotent on an existing account only checks it: then nothing is created under it.
  const created = facts
    .descendants(entry)
    ?.some((e) => e.ix.type === 'createAccount' || e.ix.type === 'allocate' || e.ix.type === 'transfer');
  if (ix.type === 'createIdempotent' && !facts.failed && created === false) {
    return `${payer} found ${what} already in place`;
  }
  return sentence(facts.failed, payer, 'created', 'create', what);
};

const memo: Template = ({ ix }, facts) => {
  // The memo's own signers, where the entry lists them; else the fee payer who submitted it.
  const author = ix.accounts[0] ?? facts.feePayer;
  if (ix.memo === undefined || author === undefined) return null;
  return sentence(facts.failed, author, 'attached', 'attach', `the memo ${JSON.stringify(ix.memo)}`);
};

/**
 * bloXroute's Trader API memo program: its whole data is the memo, which it logs as SPL Memo does.
 * Its description reads the data as bytes; they read as the memo where they are UTF-8 text.
 */
const byteMemo: Template = (entry, facts) => {
  const bytes = entry.ix.info.memo;
  if (!Array.isArray(bytes) || !bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) return null;
  const text = memoText(Uint8Array.from(bytes as number[]));
  return text === null ? null : memo({ ...entry, ix: { ...entry.ix, memo: text } }, facts);
};

const computeBudget: Template = ({ ix }, facts) => {
  const payer = facts.feePayer;
  if (payer === undefined) return null;
  const i = ix.info;
  switch (ix.type) {
    case 'setComputeUnitLimit':
      return big(i.units) === undefined ? null : sentence(facts.failed, payer, 'set', 'set', `the compute unit limit to ${i.units} units`);
    case 'setComputeUnitPrice':
      return big(i.microLamports) === undefined
        ? null
        : sentence(facts.failed, payer, 'set', 'set', `the compute unit price to ${i.microLamports} micro-lamports`);
    case 'requestHeapFrame':
      return big(i.bytes) === undefined ? null : sentence(facts.failed, payer, 'requested', 'request', `a heap frame of ${i.bytes} bytes`);
    case 'setLoadedAccountsDataSizeLimit': {
      // The official IDL names the argument accountDataSizeLimit (the SDK's `bytes`).
      const limit = i.accountDataSizeLimit ?? i.bytes;
      return big(limit) === undefined
        ? null
        : sentence(facts.failed, payer, 'set', 'set', `the loaded accounts data size limit to ${limit} bytes`);
    }
    default:
      return null;
  }
};

const stake: Template = ({ ix }, facts) => {
  const i = ix.info;
  const n = big(i.lamports);
  switch (ix.type) {
    case 'delegate':
      return say(
        facts.failed,
        str(i.stakeAuthority),
        'delegated',
        'delegate',
        `stake account ${i.stakeAccount} to vote account ${i.voteAccount}`,
      );
    case 'deactivate':
      return say(facts.failed, str(i.stakeAuthority), 'deactivated', 'deactivate', `stake account ${i.stakeAccount}`);
    case 'withdraw':
      return n === undefined
        ? null
        : say(
            facts.failed,
            str(i.withdrawAuthority),
            'withdrew',
            'withdraw',
            `${lamports(n)} from stake account ${i.stakeAccount} to ${i.destination}`,
          );
    case 'split':
      return n === undefined
        ? null
        : say(
            facts.failed,
            str(i.stakeAuthority),
            'split',
            'split',
            `${lamports(n)} from stake account ${i.stakeAccount} into ${i.newSplitAccount}`,
          );
    case 'merge':
      return say(facts.failed, str(i.stakeAuthority), 'merged', 'merge', `stake account ${i.source} into ${i.destination}`);
    case 'authorize':
    case 'authorizeChecked':
    case 'authorizeWithSeed':
    case 'authorizeCheckedWithSeed': {
      // The seeded forms sign with the base the authority is derived from.
      const signer = str(i.authority) ?? str(i.authorityBase);
      const to = str(i.newAuthority) ?? str(i.newAuthorized);
      const kind = typeof i.authorityType === 'string' ? `${i.authorityType.toLowerCase()} authority` : 'authority';
      return to === undefined ? null : say(facts.failed, signer, 'set', 'set', `the ${kind} of stake account ${i.stakeAccount} to ${to}`);
    }
    case 'initialize':
    case 'initializeChecked': {
      // initialize carries the authorities as an argument; initializeChecked passes them as accounts.
      const authorized = (i.authorized ?? i) as Record<string, unknown>;
      const staker = str(authorized.staker);
      const withdrawer = str(authorized.withdrawer);
      if (staker === undefined || withdrawer === undefined) return null;
      return say(
        facts.failed,
        facts.feePayer,
        'initialized',
        'initialize',
        `stake account ${i.stakeAccount} with staker ${staker} and withdrawer ${withdrawer}`,
      );
    }
    default:
      return null;
  }
};

/** Like every other sentence, a native one ends with the program that did it. */
const onProgram =
  (template: Template): Template =>
  (entry, facts) => {
    const text = template(entry, facts);
    return text === null ? null : `${text} on ${programName(entry.ix.programId)}`;
  };

export const nativeTemplates: Readonly<Record<string, Template>> = {
  '11111111111111111111111111111111': onProgram(system),
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: onProgram(splToken),
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: onProgram(splToken),
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: onProgram(associatedTokenAccount),
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: onProgram(memo),
  Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo: onProgram(memo),
  ComputeBudget111111111111111111111111111111: onProgram(computeBudget),
  Stake11111111111111111111111111111111111111: onProgram(stake),
};

/** Programs explorerkit decodes whose instructions read as a native one's. */
export const memoLikeTemplates: Readonly<Record<string, Template>> = {
  HQ2UUt18uJqKaQFJhgV9zaTdQxUZjNrsKFgoEDquBkcx: onProgram(byteMemo),
};
