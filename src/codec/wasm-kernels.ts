/**
 * The WebAssembly kernels (src/codec/wasm/kernels.ts, compiled by `make build`), instantiated
 * synchronously on first use, once per thread. Each export here answers undefined for an input
 * it does not take, and the caller keeps its JavaScript path for it, as it does for everything when
 * the module is missing (a build by `tsc` alone): the results are the same either way
 * (test/wasm-kernels.test.ts), only the time differs (BENCHMARKS.md).
 */
import { readFileSync } from 'node:fs';

/** Node has WebAssembly, but @types/node 20 does not declare it (lib "DOM" would, with much else). */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
};

interface Kernels {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  heapBase(): number;
  decodeBase58(text: number, length: number, limbs: number, out: number): number;
  memberAnchors(text: number, length: number, names: number, out: number): number;
}

interface Loaded {
  kernels: Kernels;
  /** The first address past the module's own data: the callers' inputs and outputs go from here. */
  scratch: number;
  bytes: Uint8Array;
}

/**
 * The module, compiled and instantiated on first use rather than at import: a gateway's start then
 * does not wait for it (a few ms, in every worker thread too). Null when it cannot be loaded.
 */
let loaded: Loaded | null | undefined;
function load(): Loaded | null {
  if (loaded !== undefined) return loaded;
  try {
    const module = new WebAssembly.Module(readFileSync(new URL('wasm/kernels.wasm', import.meta.url)));
    const kernels = new WebAssembly.Instance(module).exports as Kernels;
    loaded = { kernels, scratch: kernels.heapBase(), bytes: new Uint8Array(kernels.memory.buffer) };
  } catch {
    loaded = null;
  }
  return loaded;
}

/** Whether the kernels run (false: every caller is on its JavaScript path). */
export const wasmKernelsLoaded = (): boolean => load() !== null;

const encoder = new TextEncoder();

/**
 * The memory from `scratch` on, at least `size` bytes of it. It only grows: once a thread has met a
 * large input it keeps that much, which is why the callers bound the inputs they hand over.
 */
function reserve(state: Loaded, size: number): Uint8Array {
  const { memory } = state.kernels;
  const short = state.scratch + size - memory.buffer.byteLength;
  if (short > 0) memory.grow(Math.ceil(short / 65536));
  if (state.bytes.buffer !== memory.buffer) state.bytes = new Uint8Array(memory.buffer);
  return state.bytes;
}

/** Copies an ASCII text to `at`; false when it is not all ASCII (then its offsets are not byte offsets). */
function writeAscii(memory: Uint8Array, text: string, at: number): boolean {
  const { read, written } = encoder.encodeInto(text, memory.subarray(at, at + text.length));
  return read === text.length && written === text.length;
}

/**
 * decodeBase58's result by the kernel, or undefined when it is not loaded. A character outside
 * ASCII is outside the alphabet, so encodeInto's refusal of it is the same null.
 */
export function wasmDecodeBase58(text: string): Uint8Array | null | undefined {
  const state = load();
  if (state === null) return undefined;
  const { kernels, scratch } = state;
  const n = text.length;
  // Limbs: at most n / 5 + 1 words; bytes out: at most n.
  const limbs = scratch + ((n + 15) & ~15);
  const out = limbs + ((n + 8) & ~3);
  const memory = reserve(state, out - scratch + n);
  if (!writeAscii(memory, text, scratch)) return null;
  const size = kernels.decodeBase58(scratch, n, limbs, out);
  return size < 0 ? null : memory.slice(out, out + size);
}

/** Texts up to this size are scanned by the kernel: its memory holds three times the text. */
const SCANNED_BYTES = 1 << 20;
const NAMES_TABLE = 72 + 8 * 32;

/**
 * memberAnchors' reader by the kernel for 1 to 8 distinct names of 1 to 31 word characters, else null.
 * The reader answers undefined for a text over SCANNED_BYTES or not all ASCII, or when the module
 * cannot be loaded. `bytes`, where given, are the text's own bytes, one per character (an ASCII
 * answer as received): copied as they are instead of encoding the text again.
 */
export function wasmMemberAnchors(
  names: readonly string[],
): ((text: string, bytes?: Uint8Array) => Map<string, number[]> | null | undefined) | null {
  const fits =
    names.length > 0 && names.length <= 8 && new Set(names).size === names.length && names.every((name) => /^\w{1,31}$/.test(name));
  if (!fits) return null;
  const table = new Uint8Array(NAMES_TABLE);
  names.forEach((name, n) => {
    // The four bytes before the closing quote: a shorter name's are its opening quote and, before that, anything.
    const known = `"${name}`.slice(-4);
    for (let k = 0; k < known.length; k++) {
      table[4 * n + 4 - known.length + k] = known.charCodeAt(k);
      table[32 + 4 * n + 4 - known.length + k] = 0xff;
    }
    table[64 + n] = name.length;
    encoder.encodeInto(name, table.subarray(72 + 32 * n));
  });
  // An unused lane's mask is 0 and its tail 1: never equal.
  for (let n = names.length; n < 8; n++) table[4 * n] = 1;
  return (text, bytes) => {
    const n = text.length;
    const state = n > SCANNED_BYTES ? null : load();
    if (state === null) return undefined;
    const { kernels, scratch } = state;
    const at = scratch + NAMES_TABLE;
    // At most one match per 4 bytes (`"a":`), 8 bytes each.
    const out = at + ((n + 32 + 15) & ~15);
    const memory = reserve(state, out - scratch + 2 * n + 8);
    if (bytes?.length === n) memory.set(bytes, at);
    else if (!writeAscii(memory, text, at)) return undefined;
    memory.set(table, scratch);
    memory.fill(0, at + n, at + n + 32);
    const count = kernels.memberAnchors(at, n, scratch, out);
    if (count < 0) return null;
    const found = new Map<string, number[]>(names.map((name) => [name, []]));
    const lists = [...found.values()];
    const pairs = new Uint32Array(memory.buffer, out, 2 * count);
    for (let i = 0; i < pairs.length; i += 2) lists[pairs[i]].push(pairs[i + 1]);
    return found;
  };
}
