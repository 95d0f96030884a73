/**
 * uWebSockets.js, loaded from its native binary only. The npm package quietly falls back to a
 * pure-JS server when the binary does not load; a gateway sold on throughput must refuse to start
 * instead of running several times slower without anyone noticing.
 */
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type * as Uws from 'uWebSockets.js';

const require = createRequire(import.meta.url);

/**
 * uWebSockets.js is not on npm under its own name; the package installed as `uWebSockets.js` is
 * `@trufflesuite/uws-js-unofficial@20.30.0-unofficial.0`, a repackage of uNetworking's v20.30.0
 * binaries. The lock file pins the package's integrity; these pin the one native file that is
 * loaded into the process, so a node_modules altered after install is refused too.
 */
export const expectedBuilds: Record<string, string> = {
  uws_linux_x64_115: 'f158fb441f7e2e37b3ab9a56782fe37f4c0d33b5cd32e96ee5c0120ce7db7ced',
  uws_linux_arm64_115: 'fa46518766a985c6a79daef039f40cccd8e98e9a288f2ceaf31a0a18901bbfd5',
  uws_darwin_x64_115: 'cdb95fb0b602155506b5430791c0dce4341ec1268ff23bdace8f1c77e306e4f7',
  uws_darwin_arm64_115: '2a3aff854929518a3bc066527340ab0fc47c970cda4cdbb86f5d65b03ee83885',
};

export interface NativeBuild {
  package: string;
  binary: string;
  sha256: string;
}

function loadNative(): { uws: typeof Uws; build: NativeBuild } {
  const binary = `uws_${process.platform}_${process.arch}_${process.versions.modules}`;
  let file: string;
  let uws: typeof Uws;
  try {
    file = require.resolve(`uWebSockets.js/binaries/${binary}.node`);
    uws = require(file) as typeof Uws;
  } catch (error) {
    throw new Error(
      `enhanced-rpc: the native uWebSockets.js build (${binary}.node) did not load, and the gateway does not run on ` +
        `the slow pure-JS fallback. Use Node 20 (ABI 115) on linux/darwin x64 or arm64, or reinstall with npm ci. ` +
        `Cause: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
  if (expectedBuilds[binary] !== sha256) {
    throw new Error(
      `enhanced-rpc: the native uWebSockets.js build ${binary}.node has sha256 ${sha256}, not the one this release ` +
        `was built and tested with (${expectedBuilds[binary] ?? 'none for this platform'}); reinstall with npm ci.`,
    );
  }
  const manifest = JSON.parse(readFileSync(require.resolve('uWebSockets.js/package.json'), 'utf8')) as { name: string; version: string };
  // Without this every response carries a `uWebSockets: 20` header naming the server.
  uws._cfg('silent');
  return { uws, build: { package: `${manifest.name}@${manifest.version}`, binary, sha256 } };
}

const loaded = loadNative();
export const uws = loaded.uws;
export const nativeBuild = loaded.build;
export type { HttpRequest, HttpResponse, TemplatedApp, us_listen_socket, WebSocket, WebSocketBehavior } from 'uWebSockets.js';

/**
 * Closes every socket of `app`: its listeners and the connections clients keep alive, which would
 * otherwise go on being answered, and keep the process running, after the gateway has closed. The
 * typings omit close(), which the native build has.
 */
export function closeApp(app: Uws.TemplatedApp): void {
  (app as unknown as { close(): void }).close();
}

/**
 * Listens on a port no other process holds, unless `shared`. uWS binds with SO_REUSEPORT by default,
 * so a second gateway started by mistake on a taken port would start, and share its connections
 * with the first; only a gateway's own acceptor processes (`--acceptors`) share a port on purpose,
 * and the kernel then spreads new connections over them.
 * The typings omit the (host, port, options, cb) form the native build has.
 */
export function listenPort(
  app: Uws.TemplatedApp,
  host: string,
  port: number,
  shared: boolean,
  cb: (socket: Uws.us_listen_socket | false) => void,
): void {
  const LIBUS_LISTEN_DEFAULT = 0;
  const LIBUS_LISTEN_EXCLUSIVE_PORT = 1;
  (app as unknown as { listen(h: string, p: number, options: number, c: typeof cb): void }).listen(
    host,
    port,
    shared ? LIBUS_LISTEN_DEFAULT : LIBUS_LISTEN_EXCLUSIVE_PORT,
    cb,
  );
}
