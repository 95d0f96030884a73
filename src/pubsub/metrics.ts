/**
 * PubSub series, registered on the gateway's own registry so they come out of the same /metrics:
 * connections and subscriptions (client side and upstream side) read on scrape, notifications
 * relayed and clients closed by the gateway counted as they happen.
 */
import { Counter, Gauge, type Registry } from 'prom-client';

export interface PubSubState {
  connections: number;
  clientSubscriptions: number;
  upstreamSubscriptions: number;
}

export type DropReason = 'backpressure' | 'upstream';

export class PubSubMetrics {
  private state: () => PubSubState = () => ({ connections: 0, clientSubscriptions: 0, upstreamSubscriptions: 0 });
  private readonly notifications: Counter;
  private readonly drops: Counter<'reason'>;

  constructor(registry: Registry) {
    const registers = [registry];
    const read = () => this.state();
    new Gauge({
      name: 'enhanced_rpc_pubsub_connections',
      help: 'PubSub (WebSocket) client connections open',
      registers,
      collect() {
        this.set(read().connections);
      },
    });
    new Gauge({
      name: 'enhanced_rpc_pubsub_subscriptions',
      help: 'PubSub subscriptions held: side="client" as clients see them, side="upstream" as made once each on the upstream node',
      labelNames: ['side'],
      registers,
      collect() {
        const state = read();
        this.set({ side: 'client' }, state.clientSubscriptions);
        this.set({ side: 'upstream' }, state.upstreamSubscriptions);
      },
    });
    this.notifications = new Counter({
      name: 'enhanced_rpc_pubsub_notifications_total',
      help: 'Notifications sent to PubSub clients (one per client and notification)',
      registers,
    });
    this.drops = new Counter({
      name: 'enhanced_rpc_pubsub_clients_dropped_total',
      help: 'PubSub clients closed by the gateway: backpressure (not reading), upstream (its PubSub stayed down)',
      labelNames: ['reason'],
      registers,
    });
  }

  observe(state: () => PubSubState): void {
    this.state = state;
  }

  notification(): void {
    this.notifications.inc();
  }

  dropped(reason: DropReason): void {
    this.drops.inc({ reason });
  }
}
