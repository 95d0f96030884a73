/**
 * Instruction entries located by their last member. A node writes each entry's members in name
 * order, so `stackHeight` closes every entry (jsonParsed and json alike), and its value (null or a
 * number) is followed by the entry's closing brace: one scan for member names then gives every
 * entry's end, and each entry starts just after the previous one's comma (or its list's bracket).
 * That replaces stringifying every entry to find it by its compact text, which costs about as
 * much as parsing the lists did.
 *
 * Every assumption is checked against the parsed lists, so a wrong span cannot come out: as many
 * `stackHeight` members in each list as it has entries, each followed by `}`, entries separated by
 * commas and each list closed after its last one. Older answers (before stack heights were
 * recorded), other member orders, and anything else give null.
 */
import { memberAnchors } from '../json/member-anchors.js';
import type { Span } from '../json/tokens.js';

const anchorsOf = memberAnchors(['message', 'instructions', 'stackHeight']);

/**
 * Spans of every entry of `lists` (the top-level list, then each inner group's, as
 * instructionListsOf gives them), in that order; null when they cannot be found this way.
 */
export function stackHeightEntrySpans(text: string, lists: readonly (readonly unknown[])[], bytes?: Uint8Array): Span[] | null {
  const anchors = anchorsOf(text, bytes);
  if (anchors === null) return null;
  const message = anchors.get('message')!;
  const listStarts = anchors.get('instructions')!;
  const heights = anchors.get('stackHeight')!;
  if (message.length !== 1 || listStarts.length !== lists.length) return null;
  // In text order the inner groups keep their order; the top-level list is the first after `message`.
  const topAt = listStarts.findIndex((at) => at > message[0]);
  if (topAt < 0) return null;
  const textOrder = listStarts.map((_, k) => (k === topAt ? 0 : k < topAt ? k + 1 : k));
  const spans: Span[][] = [];
  let height = 0;
  for (let k = 0; k < listStarts.length; k++) {
    const list = lists[textOrder[k]];
    const open = listStarts[k];
    if (text.charCodeAt(open) !== 0x5b /* [ */) return null;
    const found: Span[] = [];
    let start = open + 1;
    for (let i = 0; i < list.length; i++, height++) {
      const at = heights[height];
      if (at === undefined || text.charCodeAt(start) !== 0x7b /* { */ || at < start) return null;
      const close = valueEnd(text, at);
      if (text.charCodeAt(close) !== 0x7d /* } */) return null;
      found.push({ start, end: close + 1 });
      const separator = text.charCodeAt(close + 1);
      if (separator !== (i === list.length - 1 ? 0x5d /* ] */ : 0x2c) /* , */) return null;
      start = close + 2;
    }
    if (list.length === 0 && text.charCodeAt(start) !== 0x5d /* ] */) return null;
    spans[textOrder[k]] = found;
  }
  return height === heights.length ? spans.flat() : null;
}

/** End of a stack height's value: `null` or the digits of a number. */
function valueEnd(text: string, at: number): number {
  if (text.startsWith('null', at)) return at + 4;
  let end = at;
  while (text.charCodeAt(end) >= 0x30 && text.charCodeAt(end) <= 0x39) end++;
  return end;
}
