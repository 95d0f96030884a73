/**
 * Field names in output follow what Anchor's TypeScript client shows, so that a client switching
 * from Anchor's coder to this gateway sees the same keys. Anchor (convertIdlToCamelCase) runs each
 * name through the `camelcase` package (v6, `locale: false`); this reproduces its rules:
 *
 * 1. Case boundaries inside the name become word breaks: `lowerUpper` splits before the upper
 *    letter, and a run of capitals followed by a lower-case letter splits before the run's last
 *    capital (`URLPath` → `URL-Path`). So `sellerStateBump` stays `sellerStateBump`, `PDASeed`
 *    becomes `pdaSeed`.
 * 2. Leading separators (`_ . - space`) are dropped and everything is lower-cased.
 * 3. A run of separators is removed and the character after it upper-cased (`buyer_price` →
 *    `buyerPrice`; a digit stays a digit: `amount_0` → `amount0`).
 * 4. A letter right after a run of digits is upper-cased (`amount_0_max` → `amount0Max`,
 *    `sqrt_price_x64` → `sqrtPriceX64`, `v2pool` → `v2Pool`).
 */

const leadingSeparators = /^[_.\- ]+/;
const separatorThenChar = /[_.\- ]+([\p{Alpha}\p{N}_]|$)/gu;
const digitsThenChar = /\d+([\p{Alpha}\p{N}_]|$)/gu;

const isUpper = (ch: string): boolean => ch.toUpperCase() === ch && ch.toLowerCase() !== ch;
const isLower = (ch: string): boolean => ch.toLowerCase() === ch && ch.toUpperCase() !== ch;

/** Rule 1: marks case boundaries with '-' so the separator rule turns them into capitals. */
function markCaseBoundaries(name: string): string {
  const out: string[] = [];
  let prevLower = false;
  let prevUpper = false;
  let prevPrevUpper = false;
  for (const ch of name.split('')) {
    if (prevLower && isUpper(ch)) {
      out.push('-', ch);
      prevLower = false;
      prevPrevUpper = prevUpper;
      prevUpper = true;
    } else if (prevUpper && prevPrevUpper && isLower(ch)) {
      out.splice(out.length - 1, 0, '-');
      out.push(ch);
      prevPrevUpper = prevUpper;
      prevUpper = false;
      prevLower = true;
    } else {
      out.push(ch);
      prevLower = isLower(ch);
      prevPrevUpper = prevUpper;
      prevUpper = isUpper(ch);
    }
  }
  return out.join('');
}

export function camelCase(name: string): string {
  let s = name.trim();
  if (s.length <= 1) return s.toLowerCase();
  if (s !== s.toLowerCase()) s = markCaseBoundaries(s);
  s = s.replace(leadingSeparators, '').toLowerCase();
  return s.replace(separatorThenChar, (_match, next: string) => next.toUpperCase()).replace(digitsThenChar, (match) => match.toUpperCase());
}
