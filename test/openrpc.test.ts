/**
 * rpc.discover and docs/openrpc.json: the gateway serves the file as written, the file is valid
 * OpenRPC, and what it documents — methods, params, config members, flags, example answers and
 * result shapes — is what the running gateway accepts and answers.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import Ajv from 'ajv';
import { corpusAccountsDir, corpusTransactionsDir, projectRoot } from '../src/paths.js';
import { openRpcDocumentPath } from '../src/rpc/openrpc.js';
import { flagNames } from '../src/rpc/flags.js';
import { accountEncodings, transactionEncodings } from '../src/rpc/schemas.js';
import { parseJson } from '../src/json/lossless.js';
import { post, rpc } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';

const require = createRequire(import.meta.url);
const draft07 = require('ajv/dist/refs/json-schema-draft-07.json');
// The package ships the document as a CommonJS value without a type for it.
const { openrpcDocument } = require('@open-rpc/meta-schema') as { openrpcDocument: object };
const documentText = readFileSync(openRpcDocumentPath, 'utf8');
const doc = JSON.parse(documentText);
/** The document with u64 values kept exact, to hold examples to the gateway's exact answers. */
const exactDoc = parseJson(documentText) as typeof doc;

let gw: InProcessGateway;
before(async () => {
  gw = await startInProcess();
});
after(() => gw.stop());

const componentId = (name: string) => `urn:enhanced-rpc:openrpc:${name}`;

/** The document's component references rewritten to ids ajv holds, so each schema compiles on its own. */
function resolvable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(resolvable);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => {
      const local = k === '$ref' && typeof v === 'string' ? /^#\/components\/schemas\/(\w+)$/.exec(v) : null;
      return [k, local ? componentId(local[1]) : resolvable(v)];
    }),
  );
}

function schemaChecker() {
  // The meta-schema takes its JSON Schema definition from json-schema-tools' meta-schema, which is
  // draft-07 with its object form under definitions.JSONSchemaObject; ajv carries draft-07.
  // OpenRPC server URLs are templates: `uri` is checked with the variables filled in.
  const ajv = new Ajv.default({
    strict: false,
    allErrors: true,
    formats: {
      uri: (s: string) => URL.canParse(s.replace(/\{\w+\}/g, 'x')),
      'uri-reference': (s: string) => URL.canParse(s, 'urn:base'),
      regex: (s: string) => {
        try {
          return new RegExp(s, 'u') instanceof RegExp;
        } catch {
          return false;
        }
      },
    },
  });
  const jsonSchemaTools = {
    ...draft07,
    $id: 'https://meta.json-schema.tools/',
    definitions: { ...draft07.definitions, JSONSchemaObject: { type: 'object', properties: draft07.properties } },
  };
  // Referred to both with and without the trailing slash, which ajv keeps apart.
  ajv.addMetaSchema(jsonSchemaTools);
  ajv.addSchema({ ...jsonSchemaTools, $id: 'https://meta.json-schema.tools' });
  ajv.addSchema(openrpcDocument);
  for (const [name, schema] of Object.entries(doc.components.schemas)) ajv.addSchema(resolvable(schema) as object, componentId(name));
  return ajv;
}
const ajv = schemaChecker();

function assertMatches(schema: unknown, value: unknown, what: string) {
  const validate = ajv.compile(resolvable(schema) as object);
  assert.ok(validate(value), `${what}: ${ajv.errorsText(validate.errors, { separator: '\n' })}`);
}

const method = (name: string) => doc.methods.find((m: { name: string }) => m.name === name);
const query = (flags: Record<string, string | undefined> = {}) =>
  Object.keys(flags).length ? `?${new URLSearchParams(flags as Record<string, string>)}` : '';

async function answerOf(name: string, params: unknown[], flags: Record<string, string | undefined> = {}) {
  const answer = await post(`${gw.url}/${gw.key}${query(flags)}`, rpc(name, params));
  assert.equal(answer.status, 200, answer.text);
  return answer.text;
}
const call = async (name: string, params: unknown[], flags: Record<string, string | undefined> = {}) =>
  JSON.parse(await answerOf(name, params, flags));

test('rpc.discover answers docs/openrpc.json as written, alone and in a batch', async () => {
  const single = await post(`${gw.url}/${gw.key}`, { jsonrpc: '2.0', id: 7, method: 'rpc.discover' });
  assert.equal(single.text, `{"jsonrpc":"2.0","result":${documentText.trimEnd()},"id":7}\n`);
  const batch = await post(gw.url, [rpc('getSlot', [], 1), rpc('rpc.discover', [], 'discover')], { 'x-api-key': gw.key });
  const [slot, discovered] = JSON.parse(batch.text);
  assert.equal(typeof slot.result, 'number');
  assert.deepEqual(discovered, { jsonrpc: '2.0', result: doc, id: 'discover' });
  const withParams = JSON.parse((await post(`${gw.url}/${gw.key}`, rpc('rpc.discover', [{}]))).text);
  assert.equal(withParams.error.code, -32602);
});

test('rpc.discover is a call like any other: it needs a key and is counted against the plan', async () => {
  const unauthenticated = await post(gw.url, rpc('rpc.discover'));
  assert.equal(unauthenticated.status, 401);
  const free = await startInProcess({}, 'free');
  try {
    // The free plan's burst is 20 requests: a batch of 21 cannot fit, whatever it asks for.
    const fits = await post(
      `${free.url}/${free.key}`,
      Array.from({ length: 20 }, (_, i) => rpc('rpc.discover', [], i)),
    );
    assert.equal(fits.status, 200);
    assert.equal(JSON.parse(fits.text).length, 20);
    const tooMany = await post(
      `${free.url}/${free.key}`,
      Array.from({ length: 21 }, (_, i) => rpc('rpc.discover', [], i)),
    );
    assert.equal(tooMany.status, 429);
    const flagged = await post(`${free.url}/${free.key}?explorerkit=true`, rpc('rpc.discover'));
    assert.equal(flagged.status, 403, 'the plan has no enhanced parsing, whatever the method');
  } finally {
    await free.stop();
  }
});

test('docs/openrpc.json is a valid OpenRPC 1.2 document of this package', () => {
  assert.match(doc.openrpc, /^1\.2\.\d+$/);
  assertMatches({ $ref: 'https://meta.open-rpc.org/' }, doc, 'OpenRPC meta-schema');
  const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'));
  assert.equal(doc.info.version, pkg.version);
  assert.deepEqual(doc.methods.map((m: { name: string }) => m.name).sort(), ['getMultipleAccounts', 'getTransaction', 'rpc.discover']);
});

test('the flags the document names are the ones the gateway reads, with the values it accepts', async () => {
  const [server] = doc.servers;
  const variables = Object.keys(server.variables).filter((v) => v !== 'apiKey');
  assert.deepEqual(variables.sort(), [...flagNames].sort());
  const example = method('getTransaction').examples[0].params.map((p: { value: unknown }) => p.value);
  for (const flag of variables) {
    assert.ok(server.url.includes(`${flag}={${flag}}`), `${flag} is a query parameter of the documented URL`);
    for (const value of server.variables[flag].enum) {
      const answer = await call('getTransaction', example, { [flag]: value });
      assert.equal(answer.error, undefined, `${flag}=${value}`);
    }
    const refused = await call('getTransaction', example, { [flag]: 'yes' });
    assert.equal(refused.error.code, -32602);
    assert.match(refused.error.message, new RegExp(flag));
  }
});

test('every documented example is answered, with the documented params, result shape and result', async () => {
  for (const [k, m] of doc.methods.entries()) {
    assert.ok(m.examples?.length > 0, `${m.name} has examples`);
    for (const [e, example] of m.examples.entries()) {
      const what = `${m.name} example "${example.name}"`;
      const params = example.params.map((p: { value: unknown }) => p.value);
      m.params.forEach((descriptor: { name: string; required?: boolean; schema: unknown }, i: number) => {
        if (i < params.length) assertMatches(descriptor.schema, params[i], `${what}, param ${descriptor.name}`);
        else assert.ok(!descriptor.required, `${what} leaves out required param ${descriptor.name}`);
      });
      const text = await answerOf(m.name, params, example['x-flags']);
      const answer = JSON.parse(text);
      assert.equal(answer.error, undefined, `${what}: ${JSON.stringify(answer.error)}`);
      assertMatches(m.result.schema, answer.result, `${what}, result`);
      if (example.result) {
        const documented = exactDoc.methods[k].examples[e].result.value;
        assert.deepEqual(
          (parseJson(text) as { result: unknown }).result,
          documented,
          `${what}: the documented result is the gateway's answer`,
        );
      }
    }
  }
});

/** The config schema of a method's second param and the values its members document (enums or examples). */
function documentedConfigValues(methodName: string): [string, unknown[]][] {
  const config = method(methodName)
    .params[1].schema.anyOf.map((s: { $ref?: string }) => s.$ref && doc.components.schemas[s.$ref.split('/').pop()!])
    .find((s: { type?: string } | undefined) => s?.type === 'object');
  return Object.entries(config.properties).map(([name, schema]: [string, any]) => {
    const resolved = schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
    return [name, resolved.enum ?? resolved.examples];
  });
}

test('every documented config member and value is accepted', async () => {
  const encodings = (name: string) => doc.components.schemas[name].enum;
  assert.deepEqual([...encodings('TransactionEncoding')].sort(), [...transactionEncodings].sort());
  assert.deepEqual([...encodings('AccountEncoding')].sort(), [...accountEncodings].sort());
  for (const name of ['getTransaction', 'getMultipleAccounts']) {
    const [first] = method(name).examples[0].params.map((p: { value: unknown }) => p.value);
    const members = documentedConfigValues(name);
    assert.ok(members.length >= 3, `${name} documents its config members`);
    for (const [member, values] of members) {
      assert.ok(Array.isArray(values) && values.length > 0, `${name}.${member} documents its values`);
      for (const value of values) {
        for (const flags of [{}, { explorerkit: 'true' }]) {
          const answer = await call(name, [first, { [member]: value }], flags);
          assert.equal(
            answer.error,
            undefined,
            `${name} ${member}=${JSON.stringify(value)} ${query(flags)}: ${JSON.stringify(answer.error)}`,
          );
          assertMatches(method(name).result.schema, answer.result, `${name} ${member}=${JSON.stringify(value)}`);
        }
      }
    }
  }
});

test('every corpus answer, in every encoding and flag set, has the documented result shape', async () => {
  const transactions = readdirSync(corpusTransactionsDir)
    .map((f) => /^(\w+)\.(json|jsonParsed|base64)\.json$/.exec(f))
    .filter((m): m is RegExpExecArray => m !== null);
  const resultSchema = method('getTransaction').result.schema;
  let checked = 0;
  for (const [, signature, stored] of transactions) {
    for (const encoding of stored === 'jsonParsed' ? ['jsonParsed'] : ['json', 'jsonParsed', 'base64']) {
      for (const flags of [{}, { actionskit: 'true' }]) {
        const answer = await call('getTransaction', [signature, { encoding, maxSupportedTransactionVersion: 0 }], flags);
        assertMatches(resultSchema, answer.result, `${signature} ${encoding} ${query(flags)}`);
        checked++;
      }
    }
  }
  assert.ok(checked > 300);
  const addresses = readdirSync(corpusAccountsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5));
  for (const encoding of ['jsonParsed', 'base64']) {
    const answer = await call('getMultipleAccounts', [addresses, { encoding }], { explorerkit: 'true' });
    assertMatches(method('getMultipleAccounts').result.schema, answer.result, `accounts ${encoding}`);
  }
});
