/**
 * JSON that keeps Solana's u64 integers exact. Agave writes u64 values (rentEpoch can be
 * u64::MAX, request ids may be any u64) as bare JSON numbers, and JSON.parse rounds anything past
 * 2^53, so integers outside the safe range are kept as their source text instead.
 */
import { isJsonWhitespace } from './tokens.js';

const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/** The exact text of a JSON number that a double cannot hold without rounding. */
export class LosslessNumber {
  readonly raw: string;

  constructor(raw: string) {
    // The text is written back verbatim by stringifyJson, so anything else would corrupt output.
    if (!JSON_NUMBER.test(raw)) throw new SyntaxError(`Not a JSON number: ${JSON.stringify(raw)}`);
    this.raw = raw;
  }

  /** Throws SyntaxError when raw has a fraction or an exponent. */
  bigIntValue(): bigint {
    return BigInt(this.raw);
  }

  toString(): string {
    return this.raw;
  }
}

export const DEFAULT_MAX_DEPTH = 512;

// 2^53 - 1 has 16 digits: shorter integers are always safe, longer ones never are.
const MAX_SAFE_DIGITS = '9007199254740991';
const SAFE_DIGIT_COUNT = MAX_SAFE_DIGITS.length;

/**
 * Where an integer token past ±(2^53 - 1) may start: such an integer has 17+ digits or is 16
 * digits led by a 9, and an integer token follows the text start, ':', ',' or '[' (then optional
 * whitespace and sign). Base58 ids in strings ("Program 1111…") do not match, so most Solana
 * responses stay on JSON.parse; a string that happens to match only costs the slower parser.
 */
const POSSIBLE_UNSAFE_INTEGER = /(?:^|[:,[])\s*-?(?:[0-9]{17}|9[0-9]{15})/;

/**
 * Parses like JSON.parse (SyntaxError on anything JSON.parse rejects), except that integers
 * outside ±(2^53 - 1) become LosslessNumber. maxDepth bounds the recursion of the parser used
 * for texts holding such integers; other texts go to JSON.parse, which is not recursive.
 */
export function parseJson(text: string, maxDepth: number = DEFAULT_MAX_DEPTH): unknown {
  if (!POSSIBLE_UNSAFE_INTEGER.test(text)) return JSON.parse(text);
  return new Parser(text, maxDepth).parseDocument();
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

const SIMPLE_ESCAPES: Record<number, string> = {
  0x22: '"',
  0x5c: '\\',
  0x2f: '/',
  0x62: '\b',
  0x66: '\f',
  0x6e: '\n',
  0x72: '\r',
  0x74: '\t',
};

class Parser {
  private pos = 0;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  parseDocument(): unknown {
    this.skipWhitespace();
    const value = this.parseValue(0);
    this.skipWhitespace();
    if (this.pos !== this.text.length) throw this.unexpected();
    return value;
  }

  private parseValue(depth: number): unknown {
    const c = this.text.charCodeAt(this.pos);
    switch (c) {
      case 0x7b:
        return this.parseObject(depth + 1);
      case 0x5b:
        return this.parseArray(depth + 1);
      case 0x22:
        return this.parseString();
      case 0x74:
        return this.parseLiteral('true', true);
      case 0x66:
        return this.parseLiteral('false', false);
      case 0x6e:
        return this.parseLiteral('null', null);
      default:
        if (c === 0x2d || isDigit(c)) return this.parseNumber();
        throw this.unexpected();
    }
  }

  private parseObject(depth: number): Record<string, unknown> {
    if (depth > this.maxDepth) throw this.tooDeep();
    const text = this.text;
    const result: Record<string, unknown> = {};
    this.pos++;
    this.skipWhitespace();
    if (text.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
      return result;
    }
    for (;;) {
      if (text.charCodeAt(this.pos) !== 0x22) throw this.unexpected();
      const key = this.parseString();
      this.skipWhitespace();
      if (text.charCodeAt(this.pos) !== 0x3a) throw this.unexpected();
      this.pos++;
      this.skipWhitespace();
      const value = this.parseValue(depth);
      if (key === '__proto__') {
        // Plain assignment would swap the prototype; JSON.parse makes an own property instead.
        Object.defineProperty(result, key, { value, writable: true, enumerable: true, configurable: true });
      } else {
        result[key] = value;
      }
      this.skipWhitespace();
      const c = text.charCodeAt(this.pos);
      if (c === 0x2c) {
        this.pos++;
        this.skipWhitespace();
      } else if (c === 0x7d) {
        this.pos++;
        return result;
      } else {
        throw this.unexpected();
      }
    }
  }

  private parseArray(depth: number): unknown[] {
    if (depth > this.maxDepth) throw this.tooDeep();
    const text = this.text;
    const result: unknown[] = [];
    this.pos++;
    this.skipWhitespace();
    if (text.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
      return result;
    }
    for (;;) {
      result.push(this.parseValue(depth));
      this.skipWhitespace();
      const c = text.charCodeAt(this.pos);
      if (c === 0x2c) {
        this.pos++;
        this.skipWhitespace();
      } else if (c === 0x5d) {
        this.pos++;
        return result;
      } else {
        throw this.unexpected();
      }
    }
  }

  private parseString(): string {
    const text = this.text;
    const n = text.length;
    let i = this.pos + 1;
    let chunkStart = i;
    let decoded = '';
    for (;;) {
      if (i >= n) {
        this.pos = i;
        throw this.unexpected();
      }
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        this.pos = i + 1;
        return decoded + text.slice(chunkStart, i);
      }
      if (c < 0x20) {
        this.pos = i;
        throw this.unexpected();
      }
      if (c !== 0x5c) {
        i++;
        continue;
      }
      decoded += text.slice(chunkStart, i);
      const e = text.charCodeAt(i + 1);
      if (e === 0x75) {
        let unit = 0;
        for (let k = i + 2; k < i + 6; k++) {
          const h = hexValue(text.charCodeAt(k));
          if (h < 0) {
            this.pos = Math.min(k, n);
            throw this.unexpected();
          }
          unit = unit * 16 + h;
        }
        // Each \uXXXX is one UTF-16 unit, so a \uD83D\uDE00 pair recombines by concatenation.
        decoded += String.fromCharCode(unit);
        i += 6;
      } else {
        const simple = SIMPLE_ESCAPES[e];
        if (simple === undefined) {
          this.pos = i + 1;
          throw this.unexpected();
        }
        decoded += simple;
        i += 2;
      }
      chunkStart = i;
    }
  }

  private parseNumber(): number | LosslessNumber {
    const text = this.text;
    const start = this.pos;
    let i = start;
    const negative = text.charCodeAt(i) === 0x2d;
    if (negative) i++;
    const intStart = i;
    let value = 0;
    let c = text.charCodeAt(i);
    if (c === 0x30) {
      c = text.charCodeAt(++i);
    } else if (isDigit(c)) {
      do {
        value = value * 10 + (c - 0x30);
        c = text.charCodeAt(++i);
      } while (isDigit(c));
    } else {
      this.pos = i;
      throw this.unexpected();
    }
    const intEnd = i;
    let integer = true;
    if (c === 0x2e) {
      integer = false;
      i = this.skipDigits(i + 1);
      c = text.charCodeAt(i);
    }
    if (c === 0x65 || c === 0x45) {
      integer = false;
      i++;
      c = text.charCodeAt(i);
      if (c === 0x2b || c === 0x2d) i++;
      i = this.skipDigits(i);
    }
    this.pos = i;
    if (!integer) return Number(text.slice(start, i));
    const digits = intEnd - intStart;
    if (digits < SAFE_DIGIT_COUNT) return negative ? -value : value;
    if (digits === SAFE_DIGIT_COUNT && text.slice(intStart, intEnd) <= MAX_SAFE_DIGITS) {
      return negative ? -value : value;
    }
    return new LosslessNumber(text.slice(start, i));
  }

  /** Skips the digits of a fraction or exponent, which JSON requires to be non-empty. */
  private skipDigits(from: number): number {
    let i = from;
    while (isDigit(this.text.charCodeAt(i))) i++;
    if (i === from) {
      this.pos = i;
      throw this.unexpected();
    }
    return i;
  }

  private parseLiteral<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.pos)) throw this.unexpected();
    this.pos += word.length;
    return value;
  }

  private skipWhitespace(): void {
    const text = this.text;
    let i = this.pos;
    while (isJsonWhitespace(text.charCodeAt(i))) i++;
    this.pos = i;
  }

  private unexpected(): SyntaxError {
    if (this.pos >= this.text.length) return new SyntaxError('Unexpected end of JSON input');
    const token = JSON.stringify(this.text.charAt(this.pos));
    return new SyntaxError(`Unexpected token ${token} in JSON at position ${this.pos}`);
  }

  private tooDeep(): SyntaxError {
    return new SyntaxError(`JSON nested deeper than ${this.maxDepth} at position ${this.pos}`);
  }
}

/**
 * JSON.stringify without whitespace, writing LosslessNumber as its raw text. For values without
 * a LosslessNumber the output is JSON.stringify's, toJSON, boxed primitives and its TypeErrors
 * included. A top-level value JSON.stringify would turn into undefined is a TypeError instead.
 */
export function stringifyJson(value: unknown): string {
  const out = serialize(value, '', []);
  if (out === undefined) throw new TypeError(`Cannot serialize ${typeof value} as JSON`);
  return out;
}

// Characters JSON.stringify may escape. Paired surrogates match too and simply take its slower path.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify's quoting, without its per-call cost for the common string that needs none. */
function quote(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : '"' + s + '"';
}

function serialize(input: unknown, key: string, ancestors: object[]): string | undefined {
  let value = input;
  if (value instanceof LosslessNumber) return value.raw;
  if ((typeof value === 'object' && value !== null) || typeof value === 'bigint') {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') {
      value = toJSON.call(value, key);
      if (value instanceof LosslessNumber) return value.raw;
    }
  }
  if (value instanceof Number) value = Number(value);
  else if (value instanceof String) value = String(value);
  else if (value instanceof Boolean || value instanceof BigInt) value = value.valueOf();

  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return 'null';
  if (ancestors.includes(value)) throw new TypeError('Converting circular structure to JSON');
  ancestors.push(value);
  let out: string;
  if (Array.isArray(value)) {
    out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      out += serialize(value[i], String(i), ancestors) ?? 'null';
    }
    out += ']';
  } else {
    out = '{';
    let first = true;
    const record = value as Record<string, unknown>;
    for (const k of Object.keys(record)) {
      const member = serialize(record[k], k, ancestors);
      if (member === undefined) continue;
      if (!first) out += ',';
      first = false;
      out += quote(k) + ':' + member;
    }
    out += '}';
  }
  ancestors.pop();
  return out;
}
