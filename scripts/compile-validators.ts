/**
 * Build step: turns src/rpc/schemas.ts into one standalone ESM module of ajv validators, written
 * next to the compiled rpc code so the server imports plain functions and never runs ajv's compiler.
 */
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemas } from '../src/rpc/schemas.js';
import { projectRoot } from '../src/paths.js';

const outFile = process.argv[2] ?? join(projectRoot, 'dist', 'src', 'rpc', 'validators.generated.js');
const ajv = new Ajv.default({
  code: { source: true, esm: true, optimize: true },
  strict: true,
  allowUnionTypes: true,
  strictTuples: false,
  allErrors: false,
});
const exported: Record<string, string> = {};
for (const [name, schema] of Object.entries(schemas)) {
  ajv.addSchema(schema, name);
  exported[name] = name;
}
const code = standaloneCode.default(ajv, exported);
if (/\brequire\(/.test(code)) {
  throw new Error('compiled validators need ajv runtime helpers via require(); keep the schemas free of them');
}
writeFileSync(outFile, code);
console.log(`validators: ${Object.keys(exported).length} schemas -> ${outFile}`);
