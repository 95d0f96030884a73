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
      return `floating point \`${rustFloatText(value)}\``;
    default:
      return 'map';
  }
}

/**
 * A double as serde shows it: Rust's Display (the shortest digits that read back, never an
 * exponent) with `.0` added to a whole number. JavaScript picks the same digits but writes an
 * exponent from 1e21 and below 1e-6.
 */
export function rustFloatText(value: number): string {
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : value < 0 ? '-inf' : 'NaN';
  const shortest = String(value);
  const exponent = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(shortest);
  let text = shortest;
  if (exponent !== null) {
    const [, sign, lead, rest = '', power] = exponent;
    const digits = lead + rest;
    const point = 1 + Number(power);
    text = point >= digits.length ? sign + digits + '0'.repeat(point - digits.length) : sign + '0.' + '0'.repeat(-point) + digits;
  }
  return text.includes('.') ? text : `${text}.0`;
}

/** serde's complaint about one value against the Rust type it was meant to become. */
export function typeMismatch(value: unknown, expected: string): string {
  if (typeof value === 'number' && Number.isInteger(value) && value < 0 && /^u(8|16|32|64|size)$/.test(expected)) {
    return `invalid value: integer \`${value}\`, expected ${expected}`;
  }
  return `invalid type: ${describeUnexpected(value)}, expected ${expected}`;
}

export const invalidParamsText = (serdeText: string) => `Invalid params: ${serdeText}.`;
