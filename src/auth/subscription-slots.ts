/**
 * How many subscriptions each key holds, against its plan's `max_subscriptions`. One gateway
 * counts its own (LocalSlots); gateways given Redis count in it (./redis-subscription-slots.ts).
 * Acceptors (`serve --acceptors N`) without Redis share the PubSub port, and a client's
 * connections land on any of them, so the count is kept once, by the supervising process
 * (SlotLedger), and each acceptor claims and releases through it (SupervisedSlots): N acceptors
 * then allow a key what one gateway would. Subscribing is rare beside requests, so a claim is one
 * message each way; releases, which a closing connection makes by the hundred, go together.
 */
import { subscriptionCountUnavailable } from '../rpc/errors.js';
import { SupervisorCalls } from './supervisor-calls.js';

export interface SubscriptionSlots {
  /** Takes one of the key's `max` slots: false when all are held. */
  claim(keyId: number, max: number): Promise<boolean>;
  release(keyId: number): void;
  /** Called by whoever made it, once nothing subscribes through it any more. */
  close(): void | Promise<void>;
}

export class LocalSlots implements SubscriptionSlots {
  private readonly held = new Map<number, number>();

  claim(keyId: number, max: number): Promise<boolean> {
    if ((this.held.get(keyId) ?? 0) >= max) return Promise.resolve(false);
    adjust(this.held, keyId, 1);
    return Promise.resolve(true);
  }

  release(keyId: number): void {
    adjust(this.held, keyId, -1);
  }

  close(): void {}
}

export interface SlotRequest {
  type: 'slots';
  claims: { id: number; keyId: number; max: number }[];
  /** Slots given back, by key. */
  releases: [keyId: number, count: number][];
}

export interface SlotReply {
  type: 'slots-granted';
  granted: { id: number; ok: boolean }[];
}

/** A supervisor that does not answer a claim within this long is stuck or gone: the subscribe is refused. */
const defaultWaitMs = 1_000;

/** The acceptor's side: what it claims and releases in one turn of its event loop goes as one message. */
export class SupervisedSlots implements SubscriptionSlots {
  private readonly calls: SupervisorCalls<boolean>;
  private claims: SlotRequest['claims'] = [];
  private releases = new Map<number, number>();
  private scheduled = false;

  constructor(
    private readonly send: (request: SlotRequest) => void,
    waitMs = defaultWaitMs,
  ) {
    this.calls = new SupervisorCalls(waitMs, (ms) => subscriptionCountUnavailable(`the supervisor did not answer within ${ms} ms`));
  }

  claim(keyId: number, max: number): Promise<boolean> {
    const { id, answer } = this.calls.open();
    this.claims.push({ id, keyId, max });
    this.schedule();
    return answer;
  }

  release(keyId: number): void {
    this.releases.set(keyId, (this.releases.get(keyId) ?? 0) + 1);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.sendQueued);
  }

  private readonly sendQueued = () => {
    this.scheduled = false;
    const request: SlotRequest = { type: 'slots', claims: this.claims, releases: [...this.releases] };
    this.claims = [];
    this.releases = new Map();
    try {
      this.send(request);
    } catch {
      // The channel is closed (the supervisor is gone, and with it every count): refused now, not at the timeout.
      for (const { id } of request.claims) this.calls.reject(id, subscriptionCountUnavailable('the supervisor is gone'));
    }
  };

  answered(reply: SlotReply): void {
    for (const { id, ok } of reply.granted) this.calls.resolve(id, ok);
  }

  close(): void {
    this.calls.rejectAll(subscriptionCountUnavailable('the gateway is stopping'));
  }
}

/**
 * The supervisor's side: every acceptor's slots by key. An acceptor that exits held its
 * subscriptions on connections that ended with it, so its slots are freed (`forget`).
 */
export class SlotLedger {
  private readonly byAcceptor = new Map<number, Map<number, number>>();
  private readonly total = new Map<number, number>();

  handle(acceptor: number, request: SlotRequest): SlotReply {
    for (const [keyId, count] of request.releases) this.release(acceptor, keyId, count);
    return { type: 'slots-granted', granted: request.claims.map(({ id, keyId, max }) => ({ id, ok: this.claim(acceptor, keyId, max) })) };
  }

  /** Slots held for `keyId` over every acceptor. */
  held(keyId: number): number {
    return this.total.get(keyId) ?? 0;
  }

  forget(acceptor: number): void {
    const held = this.byAcceptor.get(acceptor);
    this.byAcceptor.delete(acceptor);
    for (const [keyId, count] of held ?? []) adjust(this.total, keyId, -count);
  }

  private claim(acceptor: number, keyId: number, max: number): boolean {
    if (this.held(keyId) >= max) return false;
    let own = this.byAcceptor.get(acceptor);
    if (own === undefined) this.byAcceptor.set(acceptor, (own = new Map<number, number>()));
    adjust(own, keyId, 1);
    adjust(this.total, keyId, 1);
    return true;
  }

  private release(acceptor: number, keyId: number, count: number): void {
    const own = this.byAcceptor.get(acceptor);
    // Never below what this acceptor holds: a release that outlived a restart's forget frees nothing twice.
    const freed = Math.min(count, own?.get(keyId) ?? 0);
    if (own === undefined || freed === 0) return;
    adjust(own, keyId, -freed);
    adjust(this.total, keyId, -freed);
  }
}

/** A key's count changed by `by`; a key that counts nothing is not kept. */
function adjust(counts: Map<number, number>, keyId: number, by: number): void {
  const next = (counts.get(keyId) ?? 0) + by;
  if (next <= 0) counts.delete(keyId);
  else counts.set(keyId, next);
}
