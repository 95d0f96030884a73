/**
 * Cheap structural check of an upstream answer: a JSON object or array, not HTML, an empty body or
 * a cut-off one. The bytes are passed on unparsed, so this is all that stands between a broken
 * node and a client expecting JSON-RPC.
 */
export function looksLikeJson(body: Buffer | string): boolean {
  const text = typeof body === 'string' ? body : null;
  const at = (i: number) => (text !== null ? text.charCodeAt(i) : (body as Buffer)[i]);
  let start = 0;
  let end = body.length - 1;
  while (start <= end && (at(start) === 0x20 || at(start) === 0x0a || at(start) === 0x0d || at(start) === 0x09)) start++;
  while (end >= start && (at(end) === 0x20 || at(end) === 0x0a || at(end) === 0x0d || at(end) === 0x09)) end--;
  if (end <= start) return false;
  return (at(start) === 0x7b && at(end) === 0x7d) || (at(start) === 0x5b && at(end) === 0x5d);
}
