/** Rust enums: a tag of 1, 2 or 4 bytes holding the variant's value, then the variant's fields. */
import { u16At, u32At } from '../../codec/little-endian.js';
import { FAIL, defineKey, type Read } from '../primitives.js';
import { minSizeOf, type TypeReader } from './type-reader.js';

export interface VariantReader {
  name: string;
  value: number;
  /** Undefined for a unit variant. */
  body: TypeReader | undefined;
}

/**
 * Unit variant → its name; a variant with a body → { Name: value }. A variant whose value another
 * has already taken is never read, but still counts toward the enum's size.
 */
export function enumOf(variants: readonly VariantReader[], tag: 1 | 2 | 4): TypeReader {
  const byValue = new Map<number, Read>();
  let minBody = Infinity;
  let fixedBody: number | undefined | null = null;
  let align: number = tag;
  for (const { name, value, body } of variants) {
    const fixed = body === undefined ? 0 : body.fixedSize;
    minBody = Math.min(minBody, body === undefined ? 0 : minSizeOf(body));
    fixedBody = fixedBody === null || fixedBody === fixed ? fixed : undefined;
    align = Math.max(align, body?.align ?? 1);
    if (!byValue.has(value)) byValue.set(value, body === undefined ? unitVariant(name) : wrappedVariant(name, body.read));
  }
  const table = denseTable(byValue);
  const lookup = table ? (t: number) => table[t] : (t: number) => byValue.get(t);
  const read: Read = (c) => {
    const p = c.pos;
    if (p + tag > c.end) return FAIL;
    const t = tag === 1 ? c.bytes[p] : tag === 2 ? u16At(c.bytes, p) : u32At(c.bytes, p);
    c.pos = p + tag;
    const variant = lookup(t);
    return variant === undefined ? FAIL : variant(c);
  };
  return fixedBody === null || fixedBody === undefined
    ? { read, fixedSize: undefined, minSize: tag + (minBody === Infinity ? 0 : minBody), align }
    : { read, fixedSize: tag + fixedBody, align };
}

function unitVariant(name: string): Read {
  return () => name;
}

function wrappedVariant(name: string, read: Read): Read {
  const safe = name !== '__proto__';
  return (c) => {
    const v = read(c);
    if (v === FAIL) return FAIL;
    const out: Record<string, unknown> = {};
    if (safe) out[name] = v;
    else defineKey(out, name, v);
    return out;
  };
}

/** Variant values are almost always 0..n-1; an array lookup beats a Map then. */
function denseTable(byValue: Map<number, Read>): (Read | undefined)[] | undefined {
  let max = -1;
  for (const v of byValue.keys()) {
    if (!Number.isInteger(v) || v < 0 || v > 1023) return undefined;
    max = Math.max(max, v);
  }
  const table = new Array<Read | undefined>(max + 1).fill(undefined);
  for (const [v, read] of byValue) table[v] = read;
  return table;
}
