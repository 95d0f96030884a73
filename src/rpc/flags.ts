/** The `explorerkit` and `actionskit` query flags of the enhanced methods. */
import { planWithoutEnhanced, type Refusal } from './errors.js';

export interface Flags {
  explorerkit: boolean;
  actionskit: boolean;
}

/** The query parameters read as flags (the OpenRPC document names the same ones). */
export const flagNames = ['explorerkit', 'actionskit'] as const;

const truthy: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };

/** A flag whose value is none of the accepted ones; each transport refuses it in its own way. */
export interface BadFlag {
  name: string;
  value: string;
}

/** `actionskit=true` implies explorerkit: a summary is built from the decoded instruction. */
export function parseFlags(query: string): Flags | BadFlag {
  const params = new URLSearchParams(query);
  const flags: Flags = { explorerkit: false, actionskit: false };
  for (const name of flagNames) {
    const raw = params.get(name);
    if (raw === null) continue;
    const value = truthy[raw];
    if (value === undefined) return { name, value: raw };
    flags[name] = value;
  }
  if (flags.actionskit) flags.explorerkit = true;
  return flags;
}

export const enhanced = (flags: Flags) => flags.explorerkit || flags.actionskit;

/** The 403 for a key whose plan does not include the flags it sent, or null when it does. */
export function enhancedNotInPlan(flags: Flags, plan: { name: string; enhancedParsing: boolean }): Refusal | null {
  return !enhanced(flags) || plan.enhancedParsing ? null : planWithoutEnhanced(plan.name);
}
