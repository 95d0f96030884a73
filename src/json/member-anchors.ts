/**
 * Members found by their name alone, without tokenizing the text around them. In valid JSON an
 * unescaped quote followed by a name, a quote and a colon can only open a member: inside a string
 * the second quote would have to be escaped, and a closed string is never followed by a letter.
 * So V8's native `indexOf` finds every member of a name, however deeply nested, far faster than
 * any JavaScript reading of the bytes between them.
 */
import { wasmMemberAnchors } from '../codec/wasm-kernels.js';

/**
 * Where each of a fixed set of names' members starts its value: `memberAnchors(names)(text)`.
 * `bytes`: the text's bytes where each character is one (an ASCII answer as received), which the
 * WebAssembly scan then copies instead of encoding the text.
 */
export type MemberAnchors = (text: string, bytes?: Uint8Array) => Map<string, number[]> | null;

/**
 * One regular expression for all the names, so the text is searched once rather than once per
 * name (five `indexOf` scans of a getTransaction answer cost more than `JSON.parse` of it; one
 * scan a third). The reader it returns gives, per name, the offsets just after `"name":` in text
 * order, or null when a match follows a backslash (its quote might be escaped, so it cannot be
 * told apart from text). An ASCII text is searched by a WebAssembly kernel instead
 * (src/codec/wasm-kernels.ts), a SIMD scan for `":` that takes under half the expression's time,
 * copying the text into the module's memory included.
 */
export function memberAnchors(names: readonly string[]): MemberAnchors {
  const scan = wasmMemberAnchors(names);
  const search = searchByPattern(names);
  if (scan === null) return search;
  return (text, bytes) => {
    const found = scan(text, bytes);
    return found === undefined ? search(text) : found;
  };
}

/** memberAnchors by the regular expression alone, where the WebAssembly scan does not take the text. */
export function searchByPattern(names: readonly string[]): MemberAnchors {
  const pattern = new RegExp(`"(${names.join('|')})":`, 'g');
  return (text) => {
    const found = new Map<string, number[]>(names.map((name) => [name, []]));
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      if (match.index > 0 && text.charCodeAt(match.index - 1) === 0x5c /* \ */) return null;
      found.get(match[1])!.push(pattern.lastIndex);
    }
    return found;
  };
}

/** The unsigned integer written at `at`, or null when no digit is there or it is past 2^53. */
export function integerAt(text: string, at: number): number | null {
  let end = at;
  while (end < text.length && text.charCodeAt(end) >= 0x30 && text.charCodeAt(end) <= 0x39) end++;
  if (end === at) return null;
  const value = Number(text.slice(at, end));
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * The object a JSON text holds when it has no member outside `members` (an anchored read takes
 * only objects it knows exactly), else null.
 */
export function objectWithin(text: string, members: ReadonlySet<string>): Record<string, unknown> | null {
  const value = parsedOrNull(text);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  for (const name in value) if (!members.has(name)) return null;
  return value as Record<string, unknown>;
}

/** The value of a JSON text, or null when it is not JSON: an anchored read then gives up. */
export function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
