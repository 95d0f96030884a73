/**
 * An f64 the way serde_json writes it (ryu's shortest round-trip digits, as JavaScript picks
 * them too), which differs from JavaScript's own text: `1.0` for whole numbers, and the exponent
 * form from 1e16 up and below 1e-5 (JavaScript: 1e21 and 1e-6), written `1e16` and `1.5e-7`.
 */
import { LosslessNumber } from '../../json/lossless.js';

export function serdeF64(value: number): LosslessNumber | null {
  // serde_json has no text for NaN and the infinities: it writes null.
  if (!Number.isFinite(value)) return null;
  const [mantissa, exponent] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  // 10^(kk-1) <= |value| < 10^kk, as ryu names it.
  const kk = Number(exponent) + 1;
  const zeros = kk - digits.length;
  let text: string;
  if (zeros >= 0 && kk <= 16) text = `${digits}${'0'.repeat(zeros)}.0`;
  else if (kk > 0 && kk <= 16) text = `${digits.slice(0, kk)}.${digits.slice(kk)}`;
  else if (kk > -5 && kk <= 0) text = `0.${'0'.repeat(-kk)}${digits}`;
  else if (digits.length === 1) text = `${digits}e${kk - 1}`;
  else text = `${digits[0]}.${digits.slice(1)}e${kk - 1}`;
  return new LosslessNumber(sign + text);
}
