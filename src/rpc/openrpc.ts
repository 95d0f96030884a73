/**
 * `rpc.discover`, OpenRPC's service discovery: answered by the gateway itself with
 * docs/openrpc.json, read once at startup and sent as written, so the description a client
 * discovers is the one published in the repository.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../paths.js';
import type { BackendReply } from '../upstream/backend.js';
import { type Call, resultResponse } from './envelope.js';
import { paramsNotArray } from './errors.js';
import { parseNoParams } from './params.js';

export const discoverMethod = 'rpc.discover';
export const openRpcDocumentPath = join(projectRoot, 'docs', 'openrpc.json');

function loadDocument(): string {
  const text = readFileSync(openRpcDocumentPath, 'utf8').trimEnd();
  // A document that is not JSON would corrupt every answer it is spliced into: refuse to start.
  JSON.parse(text);
  return text;
}

const documentText = loadDocument();

export function discover(call: Call): BackendReply {
  if (call.params === null) throw paramsNotArray();
  parseNoParams(call.params);
  return { status: 200, body: resultResponse(documentText, call.idRaw) + '\n' };
}
