/**
 * What compiling a TypeNode gives: its reader and the size facts its parents build on. A vec
 * refuses a claimed count that cannot fit in the remaining bytes before allocating (minimum size),
 * COption and zeroable options skip or test exactly the item's bytes (fixed size), and zero-copy
 * layouts pad to alignment. Whether a size is fixed is in the type, so a combinator that needs a
 * fixed-size item says so in its signature.
 */
import { failRead, type Read } from '../primitives.js';

export interface FixedSizeReader {
  readonly read: Read;
  /** Every value occupies this many bytes. */
  readonly fixedSize: number;
  /** Alignment under repr(C). */
  readonly align: number;
}

export interface VariableSizeReader {
  readonly read: Read;
  readonly fixedSize: undefined;
  /** Fewest bytes any value occupies. */
  readonly minSize: number;
  readonly align: number;
}

export type TypeReader = FixedSizeReader | VariableSizeReader;

export type Size = { readonly fixedSize: number } | { readonly fixedSize: undefined; readonly minSize: number };

/** A reader's size facts without its reader. */
export type SizeFacts = Size & { readonly align: number };

export function minSizeOf(size: Size): number {
  return size.fixedSize === undefined ? size.minSize : size.fixedSize;
}

/** What the compiler cannot read (an unbound generic, a fixed option of a variable item): every decode through it fails. */
export const failing: VariableSizeReader = { read: failRead, fixedSize: undefined, minSize: 0, align: 1 };

/** Parts one after another, without padding. */
export function sequentialSize(parts: readonly TypeReader[]): Size {
  let minSize = 0;
  let fixedSize: number | undefined = 0;
  for (const p of parts) {
    minSize += minSizeOf(p);
    fixedSize = fixedSize === undefined || p.fixedSize === undefined ? undefined : fixedSize + p.fixedSize;
  }
  return fixedSize === undefined ? { fixedSize, minSize } : { fixedSize };
}

export function largestAlign(parts: readonly TypeReader[]): number {
  let align = 1;
  for (const p of parts) align = Math.max(align, p.align);
  return align;
}
