// The layering table of docs/ARCHITECTURE.md, checked against every relative import in src/. The table is the one
// statement of the rules: this file reads it rather than repeating it, so the page and the check cannot drift apart.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { test } from 'node:test';

import ts from 'typescript';

import { projectRoot } from '../src/paths.js';

const srcDir = join(projectRoot, 'src');
const architecturePage = join(projectRoot, 'docs', 'ARCHITECTURE.md');
const tableHeading = '## What each folder may import';

/** One name of the table: `rpc/` a folder, `gateway.ts` a top-level module, `rpc` or `rpc/errors` either. */
interface Unit {
  name: string;
  kind: 'folder' | 'module' | 'either';
}

interface Allowance {
  unit: Unit;
  typesOnly: boolean;
}

interface Row {
  /** Where the row's rule is written, for messages. */
  line: number;
  folders: Unit[];
  everything: boolean;
  /** What every folder of the row may import. */
  allowed: Allowance[];
  /** What only one folder of the row may import in addition (`ledger/` also …), by folder name. */
  extra: Map<string, Allowance[]>;
}

/** A relative import in one source file, with its target as a path under src/. */
interface Import {
  file: string;
  specifier: string;
  target: string;
  typeOnly: boolean;
}

function unitOf(text: string): Unit {
  if (text.endsWith('/')) return { name: text.slice(0, -1), kind: 'folder' };
  if (text.endsWith('.ts')) return { name: text.slice(0, -'.ts'.length), kind: 'module' };
  return { name: text, kind: 'either' };
}

/** Whether `path` (under src/, e.g. `rpc/errors.ts`) is the unit or inside it. */
function contains(unit: Unit, path: string): boolean {
  const inFolder = path.startsWith(unit.name + '/');
  const isModule = path === unit.name + '.ts';
  if (unit.kind === 'folder') return inFolder;
  if (unit.kind === 'module') return isModule;
  return inFolder || isModule;
}

function display(unit: Unit): string {
  return unit.kind === 'folder' ? unit.name + '/' : unit.kind === 'module' ? unit.name + '.ts' : unit.name;
}

function backticked(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
}

/**
 * One comma-separated item of a "may import" cell: backticked names joined by "and", and a trailing "types" when only
 * their types may be imported. Anything else is refused, so a rule reworded beyond this reading fails here instead of
 * being skipped.
 */
function readItem(item: string, where: string): Allowance[] {
  const names = backticked(item);
  const rest = item.replace(/`[^`]+`/g, ' ').trim();
  const words = rest.split(/\s+/).filter((w) => w !== '');
  const typesOnly = words.at(-1) === 'types';
  const joiners = typesOnly ? words.slice(0, -1) : words;
  if (names.length === 0 || joiners.some((w) => w !== 'and')) {
    throw new Error(`${where}: cannot read "${item.trim()}" as backticked names joined by "and", optionally followed by "types"`);
  }
  return names.map((name) => ({ unit: unitOf(name), typesOnly }));
}

function readRow(cells: string[], folderColumn: number, importColumn: number, line: number): Row {
  const where = `${relative(projectRoot, architecturePage)}:${line}`;
  const folders = backticked(cells[folderColumn]).map(unitOf);
  if (folders.length === 0) throw new Error(`${where}: the folder cell names no folder`);
  const cell = cells[importColumn].trim();
  const row: Row = { line, folders, everything: false, allowed: [], extra: new Map() };
  if (cell === 'everything') {
    row.everything = true;
  } else if (cell === "nothing of the project's but each other's") {
    row.allowed = folders.map((unit) => ({ unit, typesOnly: false }));
  } else {
    // Parenthesised remarks are explanation, not rule, and may hold commas of their own.
    for (const clause of cell.replace(/\([^)]*\)/g, ' ').split(';')) {
      const also = /^\s*`([^`]+)`\s+also\s+/.exec(clause);
      const body = also ? clause.slice(also[0].length) : clause;
      const allowances = body.split(',').flatMap((item) => readItem(item, where));
      if (!also) {
        row.allowed.push(...allowances);
        continue;
      }
      const folder = unitOf(also[1]);
      if (!folders.some((f) => f.name === folder.name)) throw new Error(`${where}: "${also[1]} also" names a folder not in this row`);
      row.extra.set(folder.name, [...(row.extra.get(folder.name) ?? []), ...allowances]);
    }
  }
  return row;
}

function readTable(markdown: string): Row[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(tableHeading);
  if (start < 0) throw new Error(`${architecturePage}: no "${tableHeading}" section`);
  let i = start + 1;
  while (i < lines.length && !lines[i].startsWith('|')) i++;
  const cellsOf = (l: string): string[] => l.trim().slice(1, -1).split('|');
  const header = cellsOf(lines[i]).map((c) => c.trim());
  const folderColumn = header.indexOf('folder');
  const importColumn = header.indexOf('may import');
  if (folderColumn < 0 || importColumn < 0) throw new Error(`the table's header lacks "folder" or "may import": ${lines[i]}`);
  const rows: Row[] = [];
  for (i += 2; i < lines.length && lines[i].startsWith('|'); i++) rows.push(readRow(cellsOf(lines[i]), folderColumn, importColumn, i + 1));
  return rows;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return entry.endsWith('.ts') ? [relative(srcDir, path).split(sep).join('/')] : [];
  });
}

function importsOf(file: string, text: string): Import[] {
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean): void => {
    if (!specifier.startsWith('.')) return;
    const target = posix.normalize(posix.join(posix.dirname(file), specifier)).replace(/\.js$/, '.ts');
    found.push({ file, specifier, target, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      // `import { type A, type B }` brings in no value either, so it counts as `import type`.
      const onlyTypeSpecifiers =
        clause !== undefined &&
        clause.name === undefined &&
        clause.namedBindings !== undefined &&
        ts.isNamedImports(clause.namedBindings) &&
        clause.namedBindings.elements.length > 0 &&
        clause.namedBindings.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier.text, clause !== undefined && (clause.isTypeOnly || onlyTypeSpecifiers));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const onlyTypeSpecifiers =
        clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier.text, node.isTypeOnly || onlyTypeSpecifiers);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) add(argument.text, false);
      else throw new Error(`src/${file}: import() of a computed path cannot be checked; name the module literally`);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return found;
}

/** The offences of `imports` against `rows`, one line each; the files' own rows are found by `rowOf`. */
function offences(rows: Row[], imports: Import[]): string[] {
  const problems: string[] = [];
  const rowOf = (file: string): Row | undefined => rows.find((r) => r.folders.some((f) => contains(f, file)));
  for (const imp of imports) {
    const row = rowOf(imp.file);
    if (!row) {
      problems.push(`src/${imp.file}: in no row of the table`);
      continue;
    }
    if (row.everything) continue;
    const own = row.folders.find((f) => contains(f, imp.file));
    if (!imp.target.startsWith('../') && own && contains(own, imp.target)) continue;
    const allowances = [...row.allowed, ...(own ? (row.extra.get(own.name) ?? []) : [])];
    const matching = allowances.filter((a) => contains(a.unit, imp.target));
    if (matching.some((a) => !a.typesOnly)) continue;
    if (matching.length > 0 && imp.typeOnly) continue;
    const allowed = allowances.map((a) => display(a.unit) + (a.typesOnly ? ' (types only)' : '')).join(', ');
    const why = matching.length > 0 ? 'types only; use `import type`' : `${own ? display(own) : '?'} may import: ${allowed}`;
    problems.push(`src/${imp.file} → ${imp.specifier}  (${why})`);
  }
  return [...new Set(problems)];
}

const rows = readTable(readFileSync(architecturePage, 'utf8'));
const files = sourceFiles(srcDir);

test('every name in the layering table is a folder or module of src/', () => {
  const missing = rows.flatMap((row) => {
    const units = [...row.folders, ...row.allowed.map((a) => a.unit), ...[...row.extra.values()].flat().map((a) => a.unit)];
    return units
      .filter(
        (u) =>
          !(u.kind !== 'module' && existsSync(join(srcDir, u.name))) && !(u.kind !== 'folder' && existsSync(join(srcDir, u.name + '.ts'))),
      )
      .map((u) => `line ${row.line}: ${display(u)}`);
  });
  assert.equal(
    missing.length,
    0,
    `names in ${relative(projectRoot, architecturePage)} that src/ does not have:\n  ${missing.join('\n  ')}`,
  );
});

test('a row names whole folders only from rows below it', () => {
  const rowIndex = (unit: Unit) => rows.findIndex((r) => r.folders.some((f) => f.name === unit.name && f.kind !== 'module'));
  const upward = rows.flatMap((row, i) =>
    [...row.allowed, ...[...row.extra.values()].flat()]
      .filter((a) => !a.unit.name.includes('/') && a.unit.kind !== 'module' && rowIndex(a.unit) < i)
      .map((a) => `line ${row.line}: ${display(a.unit)}`),
  );
  assert.equal(upward.length, 0, `rows that name a whole folder above them, against the page's own rule:\n  ${upward.join('\n  ')}`);
});

test('every source file has one row of the layering table', () => {
  const problems = files.flatMap((file) => {
    const owners = rows.filter((r) => r.folders.some((f) => contains(f, file)));
    return owners.length === 1
      ? []
      : [`src/${file}: ${owners.length === 0 ? 'in no row' : `in the rows of lines ${owners.map((r) => r.line).join(', ')}`}`];
  });
  assert.equal(problems.length, 0, `source files the table does not place exactly once:\n  ${problems.join('\n  ')}`);
});

test('every relative import in src/ is one the layering table allows', () => {
  const imports = files.flatMap((file) => importsOf(file, readFileSync(join(srcDir, file), 'utf8')));
  assert.ok(imports.length > 100, `only ${imports.length} relative imports found in src/: the scan is broken`);
  const problems = offences(rows, imports);
  assert.equal(
    problems.length,
    0,
    `imports that ${relative(projectRoot, architecturePage)} forbids (file → import):\n  ${problems.join('\n  ')}`,
  );
});

test('the check refuses what a table forbids and accepts what it allows', () => {
  // The forms of rule the page uses, on a table of its own so that this holds whatever the page says today: if these
  // offences went unreported, the check of src/ above would pass while proving nothing.
  const table = [
    tableHeading,
    '',
    '| folder | holds | may import |',
    '|---|---|---|',
    '| `cli/`, `gateway.ts` | top | everything |',
    '| `upstream/` | pool | `rpc/errors` and `rpc/envelope` types, `json` (its scanner) |',
    '| `ledger/`, `cache/` | stores | `codec`; `ledger/` also `rpc/errors` |',
    "| `json/`, `codec/` | leaves | nothing of the project's but each other's |",
  ].join('\n');
  const probe = (file: string, lines: string[]): string[] =>
    offences(readTable(table), importsOf(file, lines.join('\n'))).map((p) => p.split('  (')[0]);
  assert.deepEqual(
    probe('upstream/probe.ts', [
      "import { parseGetTransactionParams } from '../rpc/params.js';",
      "import { RpcError } from '../rpc/errors.js';",
      "export { readBody } from '../rpc/envelope.js';",
      "const dispatch = () => import('../rpc/dispatch.js');",
      "import { rows } from '../ledger/ledger-rpc.js';",
      "import type { RpcErrorBody } from '../rpc/errors.js';",
      "import { type Call } from '../rpc/envelope.js';",
      "type Later = import('../rpc/envelope.js').Call;",
      "import { scanRequest } from '../json/request-scan.js';",
      "import { backoff } from './upstream-pool.js';",
    ]),
    [
      'src/upstream/probe.ts → ../rpc/params.js',
      'src/upstream/probe.ts → ../rpc/errors.js',
      'src/upstream/probe.ts → ../rpc/envelope.js',
      'src/upstream/probe.ts → ../rpc/dispatch.js',
      'src/upstream/probe.ts → ../ledger/ledger-rpc.js',
    ],
  );
  assert.deepEqual(probe('ledger/probe.ts', ["import { RpcError } from '../rpc/errors.js';", "import { lru } from '../cache/lru.js';"]), [
    'src/ledger/probe.ts → ../cache/lru.js',
  ]);
  assert.deepEqual(probe('cache/probe.ts', ["import { RpcError } from '../rpc/errors.js';"]), ['src/cache/probe.ts → ../rpc/errors.js']);
  assert.deepEqual(probe('json/probe.ts', ["import { bs58 } from '../codec/base58.js';", "import { log } from '../observe/log.js';"]), [
    'src/json/probe.ts → ../observe/log.js',
  ]);
  assert.deepEqual(probe('gateway.ts', ["import { HttpServer } from './http/server.js';"]), []);
  assert.deepEqual(probe('paths.ts', ["import { log } from './observe/log.js';"]), ['src/paths.ts: in no row of the table']);
});
