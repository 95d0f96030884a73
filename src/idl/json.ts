/** Checked reads of an IDL document's JSON, for the dialects' checks. */

export type Json = Record<string, unknown>;

export function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function json(value: unknown, what: string): Json {
  if (!isJson(value)) throw new Error(`${what} is not an object`);
  return value;
}

export function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${what} is not an array`);
  return value;
}

export function text(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw new Error(`${what} is not a non-empty string`);
  return value;
}

/** A string member the format allows to be absent; any other value is dropped, as the readers ignore it. */
export function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * An item of an IDL list that failed its check. It keeps its place, so the reader reports it as
 * left out in the order it reports the items it cannot describe: one bad item does not cost the program.
 */
export class Refused {
  constructor(
    readonly item: unknown,
    readonly error: unknown,
  ) {}
}

export type Checked<T> = T | Refused;

/** An item checked now, its refusal kept for the reader to throw where it reads the item. */
export function checked<I, T>(item: I, check: (item: I) => T): Checked<T> {
  try {
    return check(item);
  } catch (error) {
    return new Refused(item, error);
  }
}

/** Each item of a list, checked on its own. */
export function checkedItems<T>(value: unknown, what: string, check: (item: unknown) => T): Checked<T>[] {
  return list(value, what).map((item) => checked(item, check));
}

/** The checked item, or its refusal thrown for the reader's per-item report. */
export function accepted<T>(item: Checked<T>): T {
  if (item instanceof Refused) throw item.error;
  return item;
}

/** The name a report gives an item: its own where it has one, as it was written where it was refused. */
export function itemName(item: Checked<{ name: string }>, fallback: unknown): string {
  if (!(item instanceof Refused)) return item.name;
  return String(isJson(item.item) ? item.item.name : fallback);
}
