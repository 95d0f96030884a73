/**
 * Base58 for request validation and ledger rendering: @solana/kit's codec against the project's
 * own byte-array codec (src/codec/base58.ts), on a 64-byte signature and a 32-byte address.
 * Run: node dist/bench/base58.bench.js (part of `make bench`).
 */
import { Bench } from 'tinybench';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import { decodeBase58, encodeBase58 } from '../src/codec/base58.js';

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
