/** Checked reads of an IDL document's JSON, shared by every dialect reader. */

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
