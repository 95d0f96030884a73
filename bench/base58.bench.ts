/**
 * Base58 for request validation and ledger rendering: @solana/kit's codec against the project's
 * own byte-array codec (src/codec/base58.ts), on a 64-byte signature and a 32-byte address; then
 * the two ways the own decoder works (limb loop, BigInt blocks) on instruction-data lengths.
 * Run: node dist/bench/base58.bench.js (part of `make bench`).
 */
import { Bench } from 'tinybench';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import { randomBytes } from 'node:crypto';
import { base58DecodeStrategies, decodeBase58, encodeBase58 } from '../src/codec/base58.js';

const signature = '33LHUzKfhBvU68kYib22oFx2XdQKQZ2sfvTmmdCFEr6YidyP8S3WwAurjz6Suewvr2WUByV79K3stNCZDe7wq3De';
const address = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
const kitToBytes = getBase58Encoder();
const kitToText = getBase58Decoder();
const signatureBytes = decodeBase58(signature)!;
const addressBytes = decodeBase58(address)!;

const bench = new Bench({ time: 500 });
bench
  .add('kit: decode signature', () => kitToBytes.encode(signature))
  .add('own: decode signature', () => decodeBase58(signature))
  .add('kit: decode address', () => kitToBytes.encode(address))
  .add('own: decode address', () => decodeBase58(address))
  .add('kit: encode signature', () => kitToText.decode(signatureBytes))
  .add('own: encode signature', () => encodeBase58(signatureBytes))
  .add('kit: encode address', () => kitToText.decode(addressBytes))
  .add('own: encode address', () => encodeBase58(addressBytes));
await bench.run();

const median = (name: string) => bench.tasks.find((t) => t.name === name)!.result!.latency.p50!;
console.log('\nbase58: median latency, own codec vs @solana/kit (lower ratio = own faster)\n');
console.log('| operation | kit µs | own µs | own / kit |');
console.log('|---|---:|---:|---:|');
for (const op of ['decode signature', 'decode address', 'encode signature', 'encode address']) {
  const kit = median(`kit: ${op}`) * 1000;
  const own = median(`own: ${op}`) * 1000;
  console.log(`| ${op} | ${kit.toFixed(2)} | ${own.toFixed(2)} | ${(own / kit).toFixed(2)} |`);
}

// Instruction data runs from a few bytes to over a kilobyte; the limb loop is quadratic in the
// length, so decodeBase58 hands long texts to BigInt blocks, and the WebAssembly kernel takes what
// lies between where it beats both. The three strategies on each length:
const lengths = [16, 24, 32, 64, 96, 112, 128, 160, 256, 512, 900, 1200];
const texts = new Map(lengths.map((bytes) => [bytes, Array.from({ length: 16 }, () => encodeBase58(randomBytes(bytes)))]));
const byLength = new Bench({ time: 300 });
for (const [bytes, samples] of texts) {
  byLength
    .add(`limbs ${bytes}`, () => samples.forEach((text) => base58DecodeStrategies.limbs(text)))
    .add(`blocks ${bytes}`, () => samples.forEach((text) => base58DecodeStrategies.blocks(text)))
    .add(`wasm ${bytes}`, () => samples.forEach((text) => base58DecodeStrategies.wasm(text)));
}
await byLength.run();
const perText = (name: string) => (byLength.tasks.find((t) => t.name === name)!.result!.latency.p50! * 1000) / 16;
console.log(
  '\nbase58 decode by length: limb loop, BigInt blocks, WebAssembly kernel, median µs per text (without the kernel decodeBase58 switches past 160 digits)\n',
);
console.log('| bytes | digits | limbs µs | blocks µs | wasm µs | wasm / best of the others |');
console.log('|---:|---:|---:|---:|---:|---:|');
for (const [bytes, samples] of texts) {
  const limbs = perText(`limbs ${bytes}`);
  const blocks = perText(`blocks ${bytes}`);
  const wasm = perText(`wasm ${bytes}`);
  const row = [limbs, blocks, wasm].map((t) => t.toFixed(2)).join(' | ');
  console.log(`| ${bytes} | ${samples[0].length} | ${row} | ${(wasm / Math.min(limbs, blocks)).toFixed(2)} |`);
}
