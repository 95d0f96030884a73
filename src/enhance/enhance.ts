/**
 * The one enhancement step every getTransaction and getMultipleAccounts answer passes through
 * (request → validate → authorize → fetch → enhance → respond). Decoding of non-native programs
 * plugs in here; with no decoder registered the standard output goes out unchanged, byte for byte.
 */
import type { Flags } from '../http/flags.js';

export type EnhancedMethod = 'getTransaction' | 'getMultipleAccounts';

export interface Enhancer {
  enhance(method: EnhancedMethod, response: Buffer | string, flags: Flags): Promise<Buffer | string>;
}

export const standardOutput: Enhancer = {
  enhance: async (_method, response) => response,
};
