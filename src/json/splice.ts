/**
 * An enhanced answer is the node's bytes with a few spans replaced. The step that decides what
 * changes returns edits; how they are applied depends on what the answer will be sent as.
 */
import type { Span } from './tokens.js';

/** One replacement: the span of the original text and what goes there. */
export interface Edit {
  span: Span;
  text: string;
}

/** Replaces spans (sorted, non-overlapping) with new texts in one concatenation. */
export function splice(text: string, edits: readonly Edit[]): string {
  if (edits.length === 0) return text;
  let out = '';
  let at = 0;
  for (const edit of edits) {
    out += text.slice(at, edit.span.start) + edit.text;
    at = edit.span.end;
  }
  return out + text.slice(at);
}

/**
 * The answer with its edits applied, in the form it arrived in. `text` is `original` decoded;
 * edits are spans of `text`. Bytes stay bytes where each character of the text is one byte (the
 * usual all-ASCII answer): the unchanged spans are copied as bytes and only the new texts are
 * encoded, instead of the whole answer being written out as a string and encoded again to be sent.
 * Where the two lengths differ the offsets do not line up, and the text is spliced.
 *
 * Equal lengths are enough: no UTF-8 sequence decodes to more UTF-16 units than it has bytes, and
 * only ASCII or a lone invalid byte (one U+FFFD) decodes to exactly as many, so with equal lengths
 * every character stands for one byte at the same offset.
 */
export function spliceAnswer(original: Buffer | string, text: string, edits: readonly Edit[]): Buffer | string {
  if (edits.length === 0) return original;
  if (typeof original === 'string' || original.length !== text.length) return splice(text, edits);
  let size = original.length;
  for (const edit of edits) size += Buffer.byteLength(edit.text) - (edit.span.end - edit.span.start);
  // Not from Buffer's shared pool: a worker's result reaches the main thread as a copy of all the
  // memory it views, which for a pooled buffer is the whole pool.
  const out = Buffer.allocUnsafeSlow(size);
  let from = 0;
  let to = 0;
  for (const edit of edits) {
    to += original.copy(out, to, from, edit.span.start);
    to += out.write(edit.text, to);
    from = edit.span.end;
  }
  original.copy(out, to, from);
  return out;
}
