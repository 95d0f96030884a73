/**
 * uWebSockets.js, loaded from its native binary only. The npm package quietly falls back to a
 * pure-JS server when the binary does not load; a gateway sold on throughput must refuse to start
 * instead of running several times slower without anyone noticing.
 */
import { createRequire } from 'node:module';
import type * as Uws from 'uWebSockets.js';

const require = createRequire(import.meta.url);

function loadNative(): typeof Uws {
  const binary = `uws_${process.platform}_${process.arch}_${process.versions.modules}.node`;
  try {
    return require(`uWebSockets.js/binaries/${binary}`) as typeof Uws;
  } catch (error) {
    throw new Error(
      `enhanced-rpc: the native uWebSockets.js build (${binary}) did not load, and the gateway does not run on ` +
        `the slow pure-JS fallback. Use Node 20 (ABI 115) on linux/darwin x64 or arm64, or reinstall with npm ci. ` +
        `Cause: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

export const uws = loadNative();
export type { HttpRequest, HttpResponse, TemplatedApp, us_listen_socket } from 'uWebSockets.js';
