/**
 * Error texts in the words serde_json uses inside Agave, so that a client that matches on the
 * standard node's messages sees the same ones from the gateway.
 */
export function describeUnexpected(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'sequence';
  switch (typeof value) {
    case 'string':
      return `string ${JSON.stringify(value)}`;
    case 'boolean':
      return `boolean \`${value}\``;
    case 'number':
      if (Number.isInteger(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER) return `integer \`${value}\``;
      return `floating point \`${Number.isInteger(value) ? value.toFixed(1) : value}\``;
    default:
      return 'map';
  }
}

/** serde's complaint about one value against the Rust type it was meant to become. */
export function typeMismatch(value: unknown, expected: string): string {
  if (typeof value === 'number' && Number.isInteger(value) && value < 0 && /^u(8|16|32|64|size)$/.test(expected)) {
    return `invalid value: integer \`${value}\`, expected ${expected}`;
  }
  return `invalid type: ${describeUnexpected(value)}, expected ${expected}`;
}

export const invalidParamsText = (serdeText: string) => `Invalid params: ${serdeText}.`;
