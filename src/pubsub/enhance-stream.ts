/**
 * explorerkit for account streams: the account in an accountNotification or programNotification is
 * put into a getMultipleAccounts answer of one element and sent through the same enhancer as HTTP
 * answers (inline for small accounts, the worker pool above the threshold), then spliced back. The
 * node's bytes around it (context, lamports, the u64 rentEpoch) are never re-serialized.
 */
import { findPathSpans } from '../json/path-spans.js';
import { splice } from '../json/splice.js';
import type { Enhancer } from '../enhance/enhance.js';

const accountPath: Record<string, string[]> = {
  accountNotification: ['params', 'result', 'value'],
  programNotification: ['params', 'result', 'value', 'account'],
};

/** The notification with its account decoded, or null when nothing changed (native, unknown, too large, or not an account). */
export async function enhanceNotification(method: string, text: string, enhancer: Enhancer): Promise<string | null> {
  const path = accountPath[method];
  if (path === undefined) return null;
  const [accounts, contexts] = findPathSpans(text, [path, ['params', 'result', 'context']]);
  if (accounts.length !== 1 || contexts.length !== 1) return null;
  const account = text.slice(accounts[0].start, accounts[0].end);
  if (account === 'null') return null;
  const wrapped = `{"jsonrpc":"2.0","result":{"context":${text.slice(contexts[0].start, contexts[0].end)},"value":[${account}]},"id":0}`;
  const enhanced = await enhancer.enhance({ method: 'getMultipleAccounts', response: wrapped });
  if (enhanced.standard !== undefined) return null;
  const body = enhanced.body.toString();
  if (body === wrapped) return null;
  const [values] = findPathSpans(body, [['result', 'value', '*']]);
  if (values.length !== 1) return null;
  return splice(text, [{ span: accounts[0], text: body.slice(values[0].start, values[0].end) }]);
}
