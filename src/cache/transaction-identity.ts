/**
 * Which transaction a getTransaction result is: its first signature, read from the result's text
 * without parsing the rest. A cache keeps an answer under the signature that was asked for, so it
 * first checks that the node answered that transaction and not another one.
 */
import { findPathSpans } from '../json/path-spans.js';
import { decodeBase58, encodeBase58 } from '../codec/base58.js';

/** The getTransaction encodings (rpc/params checks that a request names one of them). */
type TransactionEncoding = 'json' | 'jsonParsed' | 'base58' | 'base64' | 'binary';

const SIGNATURE_BYTES = 64;
/** base64 characters holding the wire transaction's signature count (one byte when under 128) and first signature. */
const FIRST_SIGNATURE_BASE64_CHARS = Math.ceil((1 + SIGNATURE_BYTES) / 3) * 4;

/**
 * Whether the result is the transaction `signature` names. The node writes the signatures compact
 * (`"signatures":["…"`) and the wire bytes right after `"transaction":["`: found there by
 * `indexOf`, the answer costs nothing; the walk that reads any other spelling crosses the whole
 * meta, about as much as JSON.parse of the answer, and runs only when that search fails.
 */
export function isResultOf(resultText: string, encoding: TransactionEncoding, signature: string): boolean {
  if (encoding === 'json' || encoding === 'jsonParsed') {
    if (resultText.includes(`"signatures":["${signature}"`)) return true;
  } else if (encoding === 'base64') {
    const at = resultText.indexOf('"transaction":["');
    if (
      at >= 0 &&
      signatureOfWire(Buffer.from(resultText.slice(at + 16, at + 16 + FIRST_SIGNATURE_BASE64_CHARS), 'base64')) === signature
    ) {
      return true;
    }
  }
  return firstSignatureOf(resultText, encoding) === signature;
}

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
    return wire && signatureOfWire(wire);
  } catch {
    return undefined;
  }
}

/** The first signature of a wire transaction's bytes (or of their start). */
function signatureOfWire(wire: Uint8Array): string | undefined {
  // A count of 128 or more would take two bytes; no transaction fits that many signatures.
  if (wire.length < 1 + SIGNATURE_BYTES || wire[0] === 0 || wire[0] >= 0x80) return undefined;
  return encodeBase58(wire.subarray(1, 1 + SIGNATURE_BYTES));
}
