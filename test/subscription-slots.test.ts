/**
 * Subscription slots as acceptors share them, with the cluster channel replaced by a function
 * (test/acceptors.test.ts runs the real channel between processes): one count per key over every
 * acceptor, releases sent together and never freeing what an acceptor does not hold, an acceptor
 * that exits giving back all it held, and a supervisor that is gone or silent refusing the claim.
 * Then a real gateway whose claim is held back until its client has gone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { setImmediate as turn, setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { LocalSlots, SlotLedger, SupervisedSlots, type SlotRequest, type SubscriptionSlots } from '../src/auth/subscription-slots.js';
import { rpc } from './support/gateway.js';
import { startInProcess } from './support/in-process-gateway.js';

/** An acceptor wired to `ledger` as acceptor `index`, keeping what it sent. */
function acceptor(ledger: SlotLedger, index: number): { slots: SupervisedSlots; sent: SlotRequest[] } {
  const sent: SlotRequest[] = [];
  const slots = new SupervisedSlots((request) => {
    sent.push(request);
    queueMicrotask(() => slots.answered(ledger.handle(index, request)));
  });
  return { slots, sent };
}

test('two acceptors share one count per key; the claims of a turn go as one message', async () => {
  const ledger = new SlotLedger();
  const a = acceptor(ledger, 1);
  const b = acceptor(ledger, 2);
  const first = await Promise.all([a.slots.claim(7, 3), a.slots.claim(7, 3), b.slots.claim(7, 3), b.slots.claim(9, 3)]);
  assert.deepEqual(first, [true, true, true, true]);
  assert.equal(a.sent.length, 1);
  assert.equal(a.sent[0].claims.length, 2);
  assert.deepEqual(await Promise.all([a.slots.claim(7, 3), b.slots.claim(7, 3)]), [false, false], 'key 7 holds 3 over both');
  assert.equal(ledger.held(7), 3);

  // Releases wait for the next message; one released by b frees a slot a may then take.
  b.slots.release(7);
  b.slots.release(7);
  await turn();
  assert.deepEqual(b.sent.at(-1)!.releases, [[7, 2]]);
  assert.equal(ledger.held(7), 2, 'b held one slot of key 7: a second release frees nothing');
  assert.equal(await a.slots.claim(7, 3), true);
  assert.equal(ledger.held(7), 3);
});

test('an acceptor that exits gives back every slot it held', async () => {
  const ledger = new SlotLedger();
  const a = acceptor(ledger, 1);
  const b = acceptor(ledger, 2);
  await Promise.all([a.slots.claim(7, 4), a.slots.claim(7, 4), b.slots.claim(7, 4), a.slots.claim(8, 4)]);
  ledger.forget(1);
  assert.equal(ledger.held(7), 1);
  assert.equal(ledger.held(8), 0);
  // A release a dead acceptor sent before it went frees nothing twice.
  ledger.handle(1, { type: 'slots', claims: [], releases: [[7, 2]] });
  assert.equal(ledger.held(7), 1);
});

test('a supervisor that is gone or silent refuses the claim', async () => {
  const gone = new SupervisedSlots(() => {
    throw new Error('channel closed');
  });
  await assert.rejects(gone.claim(1, 5), (error: Error & { code?: number }) => {
    assert.equal(error.code, -32503);
    assert.match(error.message, /Subscription count unavailable \(the supervisor is gone\)/);
    return true;
  });
  const silent = new SupervisedSlots(() => undefined, 20);
  await assert.rejects(silent.claim(1, 5), /did not answer within 20 ms/);
  const closing = new SupervisedSlots(() => undefined);
  const pending = closing.claim(1, 5);
  closing.close();
  await assert.rejects(pending, /the gateway is stopping/);
});

test('one gateway counts its own slots', async () => {
  const slots = new LocalSlots();
  assert.deepEqual(await Promise.all([slots.claim(1, 2), slots.claim(1, 2), slots.claim(1, 2)]), [true, true, false]);
  slots.release(1);
  assert.equal(await slots.claim(1, 2), true);
});

test('a subscribe whose client left while its claim waited is dropped and its slot given back', async () => {
  let grant!: (ok: boolean) => void;
  const claimed: number[] = [];
  const released: number[] = [];
  const gated: SubscriptionSlots = {
    claim: (keyId) => {
      claimed.push(keyId);
      return new Promise((resolve) => (grant = resolve));
    },
    release: (keyId) => void released.push(keyId),
    close: () => {},
  };
  const gw = await startInProcess({ wsPort: 0, acceptor: { index: 0, combinedMetrics: async () => '', slots: gated } });
  try {
    const socket = new WebSocket(`ws://127.0.0.1:${gw.port}/${gw.key}`);
    await once(socket, 'open');
    socket.send(JSON.stringify(rpc('slotSubscribe')));
    for (let i = 0; i < 100 && claimed.length === 0; i++) await sleep(10);
    assert.equal(claimed.length, 1, 'the subscribe is waiting on its claim');
    socket.close();
    await once(socket, 'close');
    // The gateway sees the close a moment after the client.
    await sleep(100);
    grant(true);
    for (let i = 0; i < 100 && released.length === 0; i++) await sleep(10);
    assert.deepEqual(released, claimed, 'the slot claimed for the gone client was given back');
  } finally {
    await gw.stop();
  }
});
