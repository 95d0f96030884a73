/**
 * The playground: a static page at `/` that calls this gateway's own JSON-RPC and shows decoded
 * transactions and accounts. The files are read once, when the server is built; a missing file
 * stops startup rather than serving a broken page.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tokenTable } from '../actions/token-table.js';
import { projectRoot } from '../paths.js';
import type { TemplatedApp } from './uws.js';

/** The sources, not a build output: the page has no build step, and dist runs from the repository. */
const folder = join(projectRoot, 'src', 'http', 'playground');

/**
 * The symbols actionskit writes, by mint, so the page's balance changes name tokens as the
 * sentences above them do. Decimals are not sent: the page reads them from the answer's balances.
 */
const tokenSymbols = () => Buffer.from(JSON.stringify(Object.fromEntries(tokenTable.map(([mint, symbol]) => [mint, symbol]))));

const assets: ReadonlyArray<[route: string, body: () => Buffer, contentType: string]> = [
  ['/', () => readFileSync(join(folder, 'index.html')), 'text/html; charset=utf-8'],
  ['/playground.js', () => readFileSync(join(folder, 'playground.js')), 'text/javascript; charset=utf-8'],
  ['/playground.css', () => readFileSync(join(folder, 'playground.css')), 'text/css; charset=utf-8'],
  ['/token-symbols.json', tokenSymbols, 'application/json'],
];

/** The page loads nothing from elsewhere and talks only to this origin; no inline script or style. */
const contentSecurityPolicy = "default-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

/**
 * GET routes for the page and its assets. Only these paths answer GET; every other GET still gets
 * the node's 405. The names are not hashed, so browsers revalidate each time (ETag, 304).
 */
export function servePlayground(app: TemplatedApp): void {
  for (const [route, read, contentType] of assets) {
    const body = read();
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    app.get(route, (res, req) => {
      const unchanged = req.getHeader('if-none-match') === etag;
      res.cork(() => {
        res
          .writeStatus(unchanged ? '304 Not Modified' : '200 OK')
          .writeHeader('content-type', contentType)
          .writeHeader('cache-control', 'no-cache')
          .writeHeader('etag', etag)
          .writeHeader('content-security-policy', contentSecurityPolicy)
          .writeHeader('x-content-type-options', 'nosniff')
          .writeHeader('referrer-policy', 'no-referrer');
        if (unchanged) res.endWithoutBody();
        else res.end(body);
      });
    });
  }
}
