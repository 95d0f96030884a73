/**
 * The standard node's PubSub methods: which notification each one sends, what ends it, and its
 * params checked the way the node checks them (the HTTP checks where the methods share params),
 * so a bad request is refused here in the node's words instead of costing an upstream round trip.
 */
import { invalidParams } from '../rpc/errors.js';
import {
  accountEncodingProblem,
  checkAddress,
  checkArity,
  checkSignature,
  given,
  isObject,
  parseGetAccountInfoParams,
  parseNoParams,
} from '../rpc/params.js';
import { invalidParamsText, typeMismatch } from '../rpc/serde-text.js';

export interface SubscriptionKind {
  subscribe: string;
  unsubscribe: string;
  notification: string;
  /** A node ends a signature subscription itself once the transaction is in. */
  endsAfterFinal: boolean;
}

const kinds: SubscriptionKind[] = ['account', 'program', 'logs', 'signature', 'slot', 'slotsUpdates', 'root', 'block', 'vote'].map(
  (name) => ({
    subscribe: `${name}Subscribe`,
    unsubscribe: `${name}Unsubscribe`,
    notification: `${name}Notification`,
    endsAfterFinal: name === 'signature',
  }),
);

export const bySubscribe = new Map(kinds.map((k) => [k.subscribe, k]));
export const byUnsubscribe = new Map(kinds.map((k) => [k.unsubscribe, k]));

/** The node's `param::<Pubkey>` / `param::<Signature>` text, whatever is wrong with the string. */
function pubsubKey(text: unknown, thing: 'pubkey' | 'signature'): void {
  if (typeof text !== 'string') throw invalidParams(invalidParamsText(typeMismatch(text, 'a string')));
  try {
    if (thing === 'pubkey') checkAddress(text);
    else checkSignature(text);
  } catch {
    throw invalidParams(`Invalid Request: Invalid ${thing} provided`);
  }
}

function optionalConfig(config: unknown, struct: string): Record<string, unknown> {
  if (!given(config)) return {};
  if (!isObject(config)) throw invalidParams(invalidParamsText(typeMismatch(config, `struct ${struct}`)));
  return config;
}

function checkEncoding(encoding: unknown): void {
  const problem = given(encoding) ? accountEncodingProblem(encoding) : null;
  if (problem !== null) throw invalidParams(invalidParamsText(problem));
}

/** What a subscription asks for, as far as the gateway needs to know it. */
export interface Request {
  kind: SubscriptionKind;
  /** Decodable by explorerkit: account data asked for as jsonParsed, whole. */
  parsedAccounts: boolean;
  /** signatureSubscribe's signature, for answers from the ledger. */
  signature?: string;
}

/** Throws the node's -32602 for params it would refuse; the upstream still judges the rest (filters, block options). */
export function checkSubscribe(kind: SubscriptionKind, params: unknown[]): Request {
  const request: Request = { kind, parsedAccounts: false };
  switch (kind.subscribe) {
    case 'accountSubscribe': {
      checkArity(params, 1, 2);
      pubsubKey(params[0], 'pubkey');
      const config = parseGetAccountInfoParams(params);
      request.parsedAccounts = config.encoding === 'jsonParsed' && config.dataSlice === undefined;
      break;
    }
    case 'programSubscribe': {
      checkArity(params, 1, 2);
      pubsubKey(params[0], 'pubkey');
      const config = optionalConfig(params[1], 'RpcProgramAccountsConfig');
      checkEncoding(config.encoding);
      if (given(config.filters) && !Array.isArray(config.filters)) {
        throw invalidParams(invalidParamsText(typeMismatch(config.filters, 'a sequence')));
      }
      request.parsedAccounts = config.encoding === 'jsonParsed' && !given(config.dataSlice);
      break;
    }
    case 'logsSubscribe': {
      checkArity(params, 1, 2);
      const filter = params[0];
      if (filter !== 'all' && filter !== 'allWithVotes') {
        if (!isObject(filter) || !Array.isArray(filter.mentions)) {
          throw invalidParams(
            invalidParamsText(
              typeof filter === 'string'
                ? `unknown variant \`${filter}\`, expected one of \`all\`, \`allWithVotes\`, \`mentions\``
                : typeMismatch(filter, 'enum RpcTransactionLogsFilter'),
            ),
          );
        }
        if (filter.mentions.length !== 1) throw invalidParams('Invalid Request: Only 1 address supported');
        pubsubKey(filter.mentions[0], 'pubkey');
      }
      optionalConfig(params[1], 'RpcTransactionLogsConfig');
      break;
    }
    case 'signatureSubscribe': {
      checkArity(params, 1, 2);
      pubsubKey(params[0], 'signature');
      optionalConfig(params[1], 'RpcSignatureSubscribeConfig');
      request.signature = params[0] as string;
      break;
    }
    case 'blockSubscribe': {
      checkArity(params, 1, 2);
      const filter = params[0];
      if (filter !== 'all') {
        if (!isObject(filter) || typeof filter.mentionsAccountOrProgram !== 'string') {
          throw invalidParams(invalidParamsText(typeMismatch(filter, 'enum RpcBlockSubscribeFilter')));
        }
        pubsubKey(filter.mentionsAccountOrProgram, 'pubkey');
      }
      optionalConfig(params[1], 'RpcBlockSubscribeConfig');
      break;
    }
    default:
      parseNoParams(params);
  }
  return request;
}

/** `*Unsubscribe([id])`: the id as the number the node would read (u64), else the node's -32602. */
export function checkUnsubscribe(params: unknown[]): number {
  checkArity(params, 1, 1);
  const id = params[0];
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 0) {
    throw invalidParams(invalidParamsText(typeMismatch(id, 'u64')));
  }
  return id;
}
