/**
 * llhttp, the HTTP/1.1 parser inside undici and Node's http, driven directly on raw response
 * bytes: the second opinion for the upstream client's own parser. undici bundles it as a wasm
 * build; this loads that build and answers the callbacks undici's client answers, minus its
 * request bookkeeping.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The little of the WebAssembly API used here; the project's TypeScript libs do not declare it. */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}
const { WebAssembly } = globalThis as unknown as { WebAssembly: WasmApi };

interface Llhttp {
  memory: { buffer: ArrayBuffer };
  malloc(size: number): number;
  free(ptr: number): void;
  llhttp_alloc(type: number): number;
  llhttp_free(parser: number): void;
  llhttp_execute(parser: number, data: number, length: number): number;
  llhttp_finish(parser: number): number;
  llhttp_get_error_reason(parser: number): number;
  llhttp_should_keep_alive(parser: number): number;
}

const TYPE_RESPONSE = 2;
const OK = 0;
const PAUSED = 21;
const PAUSED_UPGRADE = 22;
/** on_headers_complete's answer for "this message has no body", as undici gives for 1xx. */
const SKIP_BODY = 1;

export type LlhttpVerdict = { accepted: true; status: number; body: Buffer; keepAlive: boolean } | { accepted: false; reason: string };

interface Message {
  status: number;
  body: Buffer[];
  done: boolean;
  keepAlive: boolean;
}

let current: Message | null = null;
let instance: Llhttp | undefined;

function llhttp(): Llhttp {
  if (instance) return instance;
  const wasm = require('undici/lib/llhttp/llhttp-wasm.js') as Buffer;
  const memory = () => instance!.memory.buffer;
  const created = new WebAssembly.Instance(new WebAssembly.Module(wasm), {
    env: {
      wasm_on_url: () => 0,
      wasm_on_status: () => 0,
      wasm_on_header_field: () => 0,
      wasm_on_header_value: () => 0,
      wasm_on_message_begin: () => {
        current!.body = [];
        return 0;
      },
      wasm_on_headers_complete: (_p: number, status: number) => {
        current!.status = status;
        return status < 200 ? SKIP_BODY : 0;
      },
      wasm_on_body: (_p: number, at: number, length: number) => {
        current!.body.push(Buffer.from(new Uint8Array(memory(), at, length)));
        return 0;
      },
      wasm_on_message_complete: (p: number) => {
        if (current!.status < 200) return 0;
        current!.done = true;
        current!.keepAlive = instance!.llhttp_should_keep_alive(p) === 1;
        // Bytes after the final answer belong to no request; stop there, as the client does.
        return PAUSED;
      },
    },
  });
  instance = created.exports as Llhttp;
  return instance;
}

function reason(ll: Llhttp, parser: number, code: number): string {
  const at = ll.llhttp_get_error_reason(parser);
  if (at === 0) return `error ${code}`;
  const bytes = new Uint8Array(ll.memory.buffer, at);
  return Buffer.from(bytes.subarray(0, bytes.indexOf(0))).toString();
}

/** The final (non-1xx) response in `pieces`, fed one by one and followed by the connection's end. */
export function llhttpRead(pieces: readonly Uint8Array[]): LlhttpVerdict {
  const ll = llhttp();
  const parser = ll.llhttp_alloc(TYPE_RESPONSE);
  const message: Message = { status: 0, body: [], done: false, keepAlive: false };
  current = message;
  try {
    let code = OK;
    for (const piece of pieces) {
      const at = ll.malloc(Math.max(1, piece.length));
      new Uint8Array(ll.memory.buffer, at, piece.length).set(piece);
      code = ll.llhttp_execute(parser, at, piece.length);
      ll.free(at);
      if (code !== OK) break;
    }
    if (code === OK && !message.done) code = ll.llhttp_finish(parser);
    if (message.done) return { accepted: true, status: message.status, body: Buffer.concat(message.body), keepAlive: message.keepAlive };
    if (code === PAUSED_UPGRADE) return { accepted: false, reason: 'upgrade' };
    return { accepted: false, reason: code === OK ? 'incomplete' : reason(ll, parser, code) };
  } finally {
    current = null;
    ll.llhttp_free(parser);
  }
}
