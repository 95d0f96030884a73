/** The embedded ledger as the backend: what it holds is answered in the node's shapes, the rest is refused clearly. */
import type { Call } from '../rpc/envelope.js';
import { resultResponse } from '../rpc/envelope.js';
import { methodNotFound, notInLedger, paramsNotArray } from '../rpc/errors.js';
import {
  type AccountsRequest,
  parseContextParams,
  parseGetAccountInfoParams,
  parseNoParams,
  type TransactionRequest,
} from '../rpc/params.js';
import type { LedgerRpc } from '../ledger/ledger-rpc.js';
import { standardMethods } from '../rpc/methods.js';
import type { Backend, BackendReply } from './backend.js';

const reply = (call: Call, resultText: string): BackendReply => ({
  status: 200,
  body: resultResponse(resultText, call.idRaw) + '\n',
});

export class LedgerBackend implements Backend {
  constructor(private readonly ledger: LedgerRpc) {}

  async getTransaction(call: Call, request: TransactionRequest): Promise<BackendReply> {
    return reply(call, this.ledger.getTransaction(request.signature, request));
  }

  async getMultipleAccounts(call: Call, request: AccountsRequest): Promise<BackendReply> {
    return reply(call, this.ledger.getMultipleAccounts(request.addresses, request));
  }

  async passThrough(call: Call): Promise<BackendReply> {
    if (call.params === null && standardMethods.has(call.method)) throw paramsNotArray();
    const params = call.params ?? [];
    switch (call.method) {
      case 'getAccountInfo': {
        const { address, ...config } = parseGetAccountInfoParams(params, call.raw);
        return reply(call, this.ledger.getAccountInfo(address, config));
      }
      case 'getSlot':
        return reply(call, this.ledger.getSlot(parseContextParams(params, call.raw)));
      case 'getVersion':
        parseNoParams(params);
        return reply(call, this.ledger.getVersion());
      case 'getHealth':
        parseNoParams(params);
        return reply(call, this.ledger.getHealth());
    }
    if (standardMethods.has(call.method)) {
      throw notInLedger(call.method);
    }
    throw methodNotFound();
  }

  health() {
    return { ok: true, detail: { ledger: 'ok' } };
  }

  async close() {}
}
