export interface Plan {
  name: string;
  requestsPerSecond: number;
  burst: number;
  /** null means unlimited. */
  monthlyQuota: number | null;
  enhancedParsing: boolean;
  /** PubSub subscriptions one key may hold at once, over all its connections; absent: the gateway's default. */
  maxSubscriptions?: number;
}

/** Seeded into a new key store; operators may edit the stored rows afterwards. */
export const defaultPlans: readonly Plan[] = Object.freeze([
  Object.freeze({ name: 'free', requestsPerSecond: 10, burst: 20, monthlyQuota: 100_000, enhancedParsing: false }),
  Object.freeze({ name: 'developer', requestsPerSecond: 50, burst: 100, monthlyQuota: 10_000_000, enhancedParsing: true }),
  Object.freeze({ name: 'business', requestsPerSecond: 200, burst: 400, monthlyQuota: 100_000_000, enhancedParsing: true }),
]);
