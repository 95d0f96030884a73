import type { Plan } from './plans.js';

/** An API key as the stores hand it out: never the key itself, which only its hash stands for. */
export interface KeyRecord {
  id: number;
  fingerprint: string;
  plan: Plan;
  label: string | null;
  createdAt: string;
  revokedAt: string | null;
}
