/**
 * Which transaction a getTransaction result is: its first signature, read from the result's text
 * without parsing the rest. A cache keeps an answer under the signature that was asked for, so it
 * first checks that the node answered that transaction and not another one.
 */
import { findPathSpans } from '../json/path-spans.js';
import { decodeBase58, encodeBase58 } from '../codec/base58.js';
import type { TransactionEncoding } from '../rpc/params.js';

const SIGNATURE_BYTES = 64;
/** base64 characters holding the wire transaction's signature count (one byte when under 128) and first signature. */
const FIRST_SIGNATURE_BASE64_CHARS = Math.ceil((1 + SIGNATURE_BYTES) / 3) * 4;

export function firstSignatureOf(resultText: string, encoding: TransactionEncoding): string | undefined {
  try {
    if (encoding === 'json' || encoding === 'jsonParsed') {
      const [spans] = findPathSpans(resultText, [['transaction', 'signatures', '*']]);
      const first = spans[0] && (JSON.parse(resultText.slice(spans[0].start, spans[0].end)) as unknown);
      return typeof first === 'string' ? first : undefined;
    }
    // `binary` is the bare base58 string; the others are [data, encoding]. One pattern per call: a
    // pattern that ends where another goes on stops the walk there.
    const [spans] = findPathSpans(resultText, [encoding === 'binary' ? ['transaction'] : ['transaction', '*']]);
    const span = spans[0];
    const data = span && (JSON.parse(resultText.slice(span.start, span.end)) as unknown);
    if (typeof data !== 'string') return undefined;
    const wire =
      encoding === 'base64' ? Buffer.from(data.slice(0, FIRST_SIGNATURE_BASE64_CHARS), 'base64') : (decodeBase58(data) ?? undefined);
    // A count of 128 or more would take two bytes; no transaction fits that many signatures.
    if (wire === undefined || wire.length < 1 + SIGNATURE_BYTES || wire[0] === 0 || wire[0] >= 0x80) return undefined;
    return encodeBase58(wire.subarray(1, 1 + SIGNATURE_BYTES));
  } catch {
    return undefined;
  }
}
