/**
 * actionskit: one English sentence per instruction entry of a getTransaction `result` (jsonParsed or
 * json, as explorerkit enhanced it), or null where no template covers the entry. Entries are in
 * answer order: the top-level instructions, then each inner group's entries in turn.
 *
 * Templates are fixed per (program, instruction type) and print only values the answer holds:
 * parsed arguments and accounts, and what the transaction did (balances, transfers under the
 * instruction). See phrases.ts for the wording. Anchor event entries (`TradeEvent`, `SwapEvent`…)
 * get no sentence of their own: they record the action of the instruction that emitted them,
 * which has its sentence. A venue a route called that nothing else covers (no description, or no
 * amounts its plan could find) is told as a swap from the transfers under it (swaps.ts legSentence),
 * and so is any undecoded instruction that left a signer with one mint for another (exchangeSentence).
 */
import { defiTemplates } from './defi.js';
import { TxFacts, type Template } from './facts.js';
import { genericSentence } from './generic.js';
import { liquidityTemplates } from './liquidity.js';
import { memoLikeTemplates, nativeTemplates } from './native.js';
import { AssetNames } from './names.js';
import { nftTemplates } from './nft.js';
import { routeTemplates } from './routes.js';
import { withNames } from './phrases.js';
import { stakingTemplates } from './staking.js';
import { vaultTemplates } from './vaults.js';
import { exchangeSentence, legSentence, swapPlan, swapSentence } from './swaps.js';

const templates: Readonly<Record<string, Template>> = {
  ...nativeTemplates,
  ...nftTemplates,
  ...stakingTemplates,
  ...liquidityTemplates,
  ...defiTemplates,
  ...routeTemplates,
  ...vaultTemplates,
  ...memoLikeTemplates,
};

export function summarizeTransaction(result: any): (string | null)[] {
  const facts = new TxFacts(result);
  return withNames(new AssetNames(facts), () =>
    facts.entries.map((entry) => {
      const native = nativeTemplates[entry.ix.programId] !== undefined;
      if (entry.ix.type === undefined && entry.ix.memo === undefined) {
        return native ? null : (legSentence(entry, facts) ?? exchangeSentence(entry, facts));
      }
      const template = templates[entry.ix.programId];
      const plan = swapPlan(entry);
      const family = plan !== null ? swapSentence(entry, plan, facts) : (template?.(entry, facts) ?? null);
      const text = family ?? (native ? null : (legSentence(entry, facts) ?? genericSentence(entry, facts)));
      return text !== null && actsAsProgram(text, entry.ix.programId) ? null : text;
    }),
  );
}

/**
 * Programs never act in their own name. A sentence whose actor is one means the description's
 * account list does not fit this transaction (an older layout with other accounts), so the names
 * it gave to accounts cannot be trusted and the entry gets no sentence.
 */
function actsAsProgram(text: string, programId: string): boolean {
  const actor = text.slice(0, text.indexOf(' '));
  return actor === programId || knownPrograms.has(actor);
}

const knownPrograms: ReadonlySet<string> = new Set([
  '11111111111111111111111111111111',
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
  'ComputeBudget111111111111111111111111111111',
  'SysvarRent111111111111111111111111111111111',
  'SysvarC1ock11111111111111111111111111111111',
  'Sysvar1nstructions1111111111111111111111111',
]);
