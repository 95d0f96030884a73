/**
 * The decoder compiler against hand-built descriptions and byte strings: one test per rendering
 * rule, the layout rules of zero-copy data, hostile lengths and discriminator matching.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileProgram } from '../src/decode/compile.js';
import { camelCase } from '../src/decode/names.js';
import { decodeBase58 } from '../src/codec/base58.js';
import type { AccountDesc, Field, InstructionDesc, ProgramDescription, TypeDef, TypeNode } from '../src/idl/description.js';

const u8: TypeNode = { kind: 'int', bytes: 1, signed: false };
const u16: TypeNode = { kind: 'int', bytes: 2, signed: false };
const u32: TypeNode = { kind: 'int', bytes: 4, signed: false };
const u64: TypeNode = { kind: 'int', bytes: 8, signed: false };
const pubkey: TypeNode = { kind: 'pubkey' };
const borshString: TypeNode = { kind: 'string', size: { kind: 'prefix', bytes: 4 } };
const vecOf = (item: TypeNode): TypeNode => ({ kind: 'vec', item, size: { kind: 'prefix', bytes: 4 } });
const defined = (name: string, args?: (TypeNode | number)[]): TypeNode => ({ kind: 'defined', name, args });

const DISC = Uint8Array.of(0xaa);

function program(parts: { instructions?: InstructionDesc[]; accounts?: AccountDesc[]; types?: TypeDef[] }): ProgramDescription {
  return {
    address: '11111111111111111111111111111111',
    name: 'test',
    dialect: 'hand-written',
    instructions: parts.instructions ?? [],
    accounts: parts.accounts ?? [],
    events: [],
    errors: [],
    types: new Map((parts.types ?? []).map((t) => [t.name, t])),
  };
}

const ix = (name: string, discriminator: Uint8Array, args: Field[]): InstructionDesc => ({ name, discriminator, accounts: [], args });
const borshType = (name: string, type: TypeNode, generics?: TypeDef['generics']): TypeDef => ({
  name,
  type,
  serialization: 'borsh',
  generics,
});

/** Decodes `bytes` (after a one-byte discriminator) as a single argument `v` of `type`; undefined when not decoded. */
function decodeOne(type: TypeNode, bytes: number[] | Uint8Array, types: TypeDef[] = []): unknown {
  const compiled = compileProgram(program({ instructions: [ix('one', DISC, [{ name: 'v', type }])], types }));
  const data = new Uint8Array(bytes.length + 1);
  data[0] = DISC[0];
  data.set(bytes, 1);
  const result = compiled.decodeInstruction(data);
  return result === null ? undefined : result.args.v;
}

const le = (value: bigint, bytes: number): number[] => {
  const out: number[] = [];
  let v = BigInt.asUintN(bytes * 8, value);
  for (let i = 0; i < bytes; i++) {
    out.push(Number(v & 0xffn));
    v >>= 8n;
  }
  return out;
};

const integerCases: [1 | 2 | 4 | 8 | 16 | 32, boolean, bigint, unknown][] = [
  [1, false, 255n, 255],
  [1, true, -128n, -128],
  [1, true, 127n, 127],
  [2, false, 65535n, 65535],
  [2, true, -32768n, -32768],
  [4, false, 4294967295n, 4294967295],
  [4, true, -2147483648n, -2147483648],
  [8, false, 0n, '0'],
  [8, false, 209000000n, '209000000'],
  [8, false, 2n ** 32n + 5n, '4294967301'],
  [8, false, 1_000_000_000_000_000n, '1000000000000000'],
  [8, false, 2n ** 53n - 1n, '9007199254740991'],
  [8, false, 2n ** 53n + 1n, '9007199254740993'],
  [8, true, -(2n ** 32n) - 5n, '-4294967301'],
  [8, true, 2n ** 40n, '1099511627776'],
  [8, false, 2n ** 64n - 1n, '18446744073709551615'],
  [8, true, -1n, '-1'],
  [8, true, -(2n ** 53n) - 1n, '-9007199254740993'],
  [8, true, -(2n ** 63n), '-9223372036854775808'],
  [8, true, 2n ** 63n - 1n, '9223372036854775807'],
  [16, false, 5n, '5'],
  [16, false, 2n ** 64n, '18446744073709551616'],
  [16, false, 2n ** 128n - 1n, '340282366920938463463374607431768211455'],
  [16, true, -1n, '-1'],
  [16, true, -(2n ** 64n) - 7n, '-18446744073709551623'],
  [16, true, -(2n ** 127n), '-170141183460469231731687303715884105728'],
  [16, true, 2n ** 127n - 1n, '170141183460469231731687303715884105727'],
  [32, false, 2n ** 256n - 1n, (2n ** 256n - 1n).toString()],
  [32, true, -1n, '-1'],
  [32, true, -(2n ** 255n), (-(2n ** 255n)).toString()],
];

test('integers: narrow ones are numbers, 64 bits and wider are exact decimal strings', () => {
  for (const [bytes, signed, value, expected] of integerCases) {
    const type: TypeNode = { kind: 'int', bytes, signed };
    assert.deepEqual(decodeOne(type, le(value, bytes)), expected, `${signed ? 'i' : 'u'}${bytes * 8} ${value}`);
    assert.equal(decodeOne(type, le(value, bytes).slice(1)), undefined, `truncated ${signed ? 'i' : 'u'}${bytes * 8}`);
  }
});

test('big-endian integers render as the little-endian ones do, and leave the cursor after their bytes', () => {
  for (const [bytes, signed, value, expected] of integerCases) {
    const type: TypeNode = { kind: 'int', bytes, signed, endian: 'be' };
    const be = le(value, bytes).reverse();
    assert.deepEqual(decodeOne(type, be), expected, `${signed ? 'i' : 'u'}${bytes * 8}be ${value}`);
    assert.equal(decodeOne(type, be.slice(1)), undefined, `truncated ${signed ? 'i' : 'u'}${bytes * 8}be`);
  }
  // Chainlink OCR2's report head: a big-endian u32 timestamp and a u8 count, then a little-endian u16.
  const fields: Field[] = [
    { name: 'timestamp', type: { kind: 'int', bytes: 4, signed: false, endian: 'be' } },
    { name: 'count', type: u8 },
    { name: 'after', type: u16 },
  ];
  const decoded = compileProgram(program({ instructions: [ix('head', DISC, fields)] })).decodeInstruction(
    Uint8Array.of(0xaa, 0x65, 0x10, 0x0c, 0x03, 7, 0x34, 0x12),
  );
  assert.deepEqual(decoded?.args, { timestamp: 0x65100c03, count: 7, after: 0x1234 });
  assert.equal(decoded?.exact, true);
});

test('shortU16: 1 to 3 bytes of 7 bits; overlong or oversized encodings are not decoded', () => {
  const t: TypeNode = { kind: 'shortU16' };
  assert.equal(decodeOne(t, [0x05]), 5);
  assert.equal(decodeOne(t, [0x80, 0x01]), 128);
  assert.equal(decodeOne(t, [0xff, 0xff, 0x03]), 65535);
  assert.equal(decodeOne(t, [0x80, 0x00]), undefined);
  assert.equal(decodeOne(t, [0xff, 0xff, 0x04]), undefined);
  assert.equal(decodeOne(t, [0x80]), undefined);
});

test('floats are numbers; NaN and infinities are null', () => {
  const f32: TypeNode = { kind: 'float', bytes: 4 };
  const f64: TypeNode = { kind: 'float', bytes: 8 };
  const bytes32 = (x: number) => [...new Uint8Array(Float32Array.of(x).buffer)];
  const bytes64 = (x: number) => [...new Uint8Array(Float64Array.of(x).buffer)];
  assert.equal(decodeOne(f32, bytes32(1.5)), 1.5);
  assert.equal(decodeOne(f64, bytes64(-2.25e-300)), -2.25e-300);
  assert.equal(decodeOne(f64, bytes64(NaN)), null);
  assert.equal(decodeOne(f32, bytes32(Infinity)), null);
  assert.equal(decodeOne(f64, bytes64(-Infinity)), null);
});

test('bool: one byte must be 0 or 1 as Borsh requires; a wider bool is true when any byte is non-zero', () => {
  const b: TypeNode = { kind: 'bool' };
  assert.equal(decodeOne(b, [0]), false);
  assert.equal(decodeOne(b, [1]), true);
  // Found by test/borsh-second-opinion.test.ts: Borsh (every Anchor and Shank program) refuses these.
  assert.equal(decodeOne(b, [2]), undefined);
  assert.equal(decodeOne(b, [0xff]), undefined);
  assert.equal(decodeOne(b, []), undefined);
  assert.equal(decodeOne({ kind: 'bool', bytes: 4 }, [0, 0, 0, 0]), false);
  assert.equal(decodeOne({ kind: 'bool', bytes: 4 }, [0, 0, 1, 0]), true);
});

test('pubkey renders as base58', () => {
  const token = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
  assert.equal(decodeOne(pubkey, decodeBase58(token) as Uint8Array), token);
  assert.equal(decodeOne(pubkey, new Uint8Array(32)), '11111111111111111111111111111111');
  assert.equal(decodeOne(pubkey, new Uint8Array(31)), undefined);
});

test('strings: UTF-8 with prefix, fixed (NUL-trimmed) and remainder sizes; invalid UTF-8 is not decoded', () => {
  const text = 'héllo €𝄞 😀';
  const utf8 = [...Buffer.from(text, 'utf8')];
  assert.equal(decodeOne(borshString, [...le(BigInt(utf8.length), 4), ...utf8]), text);
  assert.equal(decodeOne(borshString, [3, 0, 0, 0, 0x61, 0xff, 0x62]), undefined);
  assert.equal(decodeOne(borshString, [2, 0, 0, 0, 0xc3]), undefined, 'truncated multibyte sequence');
  assert.equal(decodeOne(borshString, [3, 0, 0, 0, 0xef, 0xbb, 0xbf]), '\ufeff', 'BOM kept');
  assert.equal(decodeOne(borshString, [9, 0, 0, 0, 0x61, 0x62]), undefined, 'prefix larger than the rest');
  assert.equal(decodeOne(borshString, [0, 0, 0, 0]), '');
  assert.equal(decodeOne({ kind: 'string', size: { kind: 'prefix', bytes: 1 } }, [2, 0x68, 0x69]), 'hi');
  assert.equal(decodeOne({ kind: 'string', size: { kind: 'prefix', bytes: 8 } }, [2, 0, 0, 0, 0, 0, 0, 0, 0x68, 0x69]), 'hi');
  assert.equal(decodeOne({ kind: 'string', size: { kind: 'prefix', bytes: 8 } }, [2, 0, 0, 0, 1, 0, 0, 0, 0x68, 0x69]), undefined);

  const fixed: TypeNode = { kind: 'string', size: { kind: 'fixed', bytes: 8 } };
  assert.equal(decodeOne(fixed, [0x53, 0x4f, 0x4c, 0, 0, 0, 0, 0]), 'SOL');
  assert.equal(decodeOne(fixed, [0x53, 0x4f, 0x4c, 0, 0, 0, 0]), undefined);
  assert.equal(decodeOne({ kind: 'string', size: { kind: 'remainder' } }, [...utf8]), text);

  const bytes = [0x00, 0x01, 0xfe, 0xff];
  const encoded = (encoding: 'base16' | 'base58' | 'base64') =>
    decodeOne({ kind: 'string', size: { kind: 'prefix', bytes: 4 }, encoding }, [4, 0, 0, 0, ...bytes]);
  assert.equal(encoded('base16'), '0001feff');
  assert.equal(encoded('base58'), '1ftS');
  assert.equal(encoded('base64'), 'AAH+/w==');
});

test('bytes and vectors or arrays of u8 render as arrays of numbers', () => {
  assert.deepEqual(decodeOne({ kind: 'bytes', size: { kind: 'prefix', bytes: 4 } }, [3, 0, 0, 0, 1, 2, 255]), [1, 2, 255]);
  assert.deepEqual(decodeOne({ kind: 'bytes', size: { kind: 'fixed', bytes: 2 } }, [7, 8, 9]), [7, 8]);
  assert.deepEqual(decodeOne({ kind: 'bytes', size: { kind: 'remainder' } }, [7, 8, 9]), [7, 8, 9]);
  assert.deepEqual(decodeOne(vecOf(u8), [2, 0, 0, 0, 0, 200]), [0, 200]);
  assert.deepEqual(decodeOne({ kind: 'array', item: u8, length: 3 }, [1, 2, 3]), [1, 2, 3]);
  assert.equal(decodeOne({ kind: 'array', item: u8, length: 3 }, [1, 2]), undefined);
  assert.equal(decodeOne({ kind: 'bytes', size: { kind: 'prefix', bytes: 4 } }, [4, 0, 0, 0, 1, 2, 3]), undefined);
});

test('options: Borsh, COption with fixed bytes, zeroable and remainder options', () => {
  const option: TypeNode = { kind: 'option', item: u16, tag: 1, fixed: false };
  assert.equal(decodeOne(option, [0]), null);
  assert.equal(decodeOne(option, [1, 5, 0]), 5);
  assert.equal(decodeOne(option, [2, 5, 0]), undefined, 'tag other than 0/1');
  assert.equal(decodeOne(option, [1, 5]), undefined);

  // COption<Pubkey> followed by a u8: the pubkey's 32 bytes are there even when None.
  const coption: TypeNode = {
    kind: 'struct',
    fields: [
      { name: 'delegate', type: { kind: 'option', item: pubkey, tag: 4, fixed: true } },
      { name: 'after', type: u8 },
    ],
  };
  assert.deepEqual(decodeOne(coption, [0, 0, 0, 0, ...new Array(32).fill(9), 42]), { delegate: null, after: 42 });
  assert.deepEqual(decodeOne(coption, [1, 0, 0, 0, ...new Array(32).fill(0), 43]), {
    delegate: '11111111111111111111111111111111',
    after: 43,
  });
  assert.equal(decodeOne(coption, [0, 0, 0, 0, ...new Array(31).fill(0)]), undefined);

  const zeroable: TypeNode = {
    kind: 'struct',
    fields: [
      { name: 'a', type: { kind: 'zeroableOption', item: pubkey } },
      { name: 'b', type: u8 },
    ],
  };
  assert.deepEqual(decodeOne(zeroable, [...new Array(32).fill(0), 7]), { a: null, b: 7 });
  const key = decodeBase58('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA') as Uint8Array;
  assert.deepEqual(decodeOne(zeroable, [...key, 7]), { a: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', b: 7 });

  const remainder: TypeNode = { kind: 'remainderOption', item: u32 };
  assert.equal(decodeOne(remainder, []), null);
  assert.equal(decodeOne(remainder, [1, 0, 0, 0]), 1);
  assert.equal(decodeOne(remainder, [1, 0]), undefined);
});

test('vec, array, tuple and nested structs', () => {
  assert.deepEqual(decodeOne(vecOf(u16), [2, 0, 0, 0, 1, 0, 2, 0]), [1, 2]);
  assert.deepEqual(decodeOne(vecOf(u16), [0, 0, 0, 0]), []);
  assert.deepEqual(decodeOne({ kind: 'vec', item: u16, size: { kind: 'remainder' } }, [1, 0, 2, 0]), [1, 2]);
  assert.equal(decodeOne({ kind: 'vec', item: u16, size: { kind: 'remainder' } }, [1, 0, 2]), undefined);
  assert.deepEqual(decodeOne({ kind: 'array', item: u64, length: 2 }, [...le(1n, 8), ...le(2n, 8)]), ['1', '2']);
  assert.deepEqual(decodeOne({ kind: 'tuple', items: [u8, borshString, u64] }, [1, 1, 0, 0, 0, 0x78, ...le(3n, 8)]), [1, 'x', '3']);
  const nested: TypeNode = {
    kind: 'struct',
    fields: [
      { name: 'outer_field', type: { kind: 'struct', fields: [{ name: 'inner_value', type: u8 }] } },
      { name: 'list', type: vecOf({ kind: 'struct', fields: [{ name: 'x', type: u8 }] }) },
    ],
  };
  assert.deepEqual(decodeOne(nested, [5, 2, 0, 0, 0, 6, 7]), { outerField: { innerValue: 5 }, list: [{ x: 6 }, { x: 7 }] });
});

test('enums: unit name, struct variant, one- and many-field tuple variants; unknown tag is not decoded', () => {
  const side: TypeNode = {
    kind: 'enum',
    tag: 1,
    variants: [
      { name: 'Buy', value: 0 },
      { name: 'Sell', value: 1, fields: [{ name: 'min_price', type: u64 }] },
      { name: 'Amount', value: 2, tuple: [u16] },
      { name: 'Pair', value: 3, tuple: [u8, pubkey] },
      { name: 'Empty', value: 4, fields: [] },
    ],
  };
  assert.equal(decodeOne(side, [0]), 'Buy');
  assert.deepEqual(decodeOne(side, [1, ...le(9n, 8)]), { Sell: { minPrice: '9' } });
  assert.deepEqual(decodeOne(side, [2, 7, 1]), { Amount: 263 });
  assert.deepEqual(decodeOne(side, [3, 1, ...new Array(32).fill(0)]), { Pair: [1, '11111111111111111111111111111111'] });
  assert.equal(decodeOne(side, [4]), 'Empty');
  assert.equal(decodeOne(side, [5]), undefined);
  assert.equal(decodeOne(side, [1, 1]), undefined);

  const wide: TypeNode = {
    kind: 'enum',
    tag: 4,
    variants: [
      { name: 'Low', value: 10 },
      { name: 'High', value: 70000 },
    ],
  };
  assert.equal(decodeOne(wide, [10, 0, 0, 0]), 'Low');
  assert.equal(decodeOne(wide, le(70000n, 4)), 'High');
  assert.equal(decodeOne(wide, [0, 0, 0, 0]), undefined);
  assert.equal(
    decodeOne(
      {
        kind: 'enum',
        tag: 2,
        variants: [
          { name: 'A', value: 0 },
          { name: 'B', value: 1 },
        ],
      },
      [1, 0],
    ),
    'B',
  );
});

test('defined types: shared, newtypes render as their inner value, multi-item tuples as arrays', () => {
  const types = [
    borshType('Amount', { kind: 'tuple', items: [u64] }),
    borshType('Point', { kind: 'tuple', items: [u8, u8] }),
    borshType('Order', {
      kind: 'struct',
      fields: [
        { name: 'amount', type: defined('Amount') },
        { name: 'at', type: defined('Point') },
      ],
    }),
  ];
  assert.deepEqual(decodeOne(vecOf(defined('Order')), [2, 0, 0, 0, ...le(5n, 8), 1, 2, ...le(6n, 8), 3, 4], types), [
    { amount: '5', at: [1, 2] },
    { amount: '6', at: [3, 4] },
  ]);
  assert.equal(decodeOne(defined('Missing'), [1]), undefined);
});

test('generic types: type and const parameters, instantiated per argument list', () => {
  const types = [
    borshType(
      'Wrapper',
      {
        kind: 'struct',
        fields: [
          { name: 'value', type: { kind: 'generic', name: 'T' } },
          { name: 'list', type: vecOf({ kind: 'generic', name: 'T' }) },
        ],
      },
      [{ name: 'T', kind: 'type' }],
    ),
    borshType('Fixed', { kind: 'struct', fields: [{ name: 'items', type: { kind: 'array', item: u16, length: { generic: 'N' } } }] }, [
      { name: 'N', kind: 'const' },
    ]),
    borshType(
      'Pair',
      {
        kind: 'tuple',
        items: [
          { kind: 'generic', name: 'A' },
          { kind: 'generic', name: 'B' },
        ],
      },
      [
        { name: 'A', kind: 'type' },
        { name: 'B', kind: 'type' },
      ],
    ),
    // A generic type passing its own parameters on to another generic type.
    borshType(
      'Outer',
      {
        kind: 'struct',
        fields: [
          { name: 'pair', type: defined('Pair', [{ kind: 'generic', name: 'T' }, u8]) },
          { name: 'fixed', type: defined('Fixed', [{ kind: 'generic', name: 'T' }]) },
        ],
      },
      [{ name: 'T', kind: 'type' }],
    ),
    borshType('Sized', { kind: 'struct', fields: [{ name: 'fixed', type: defined('Fixed', [{ kind: 'generic', name: 'N' }]) }] }, [
      { name: 'N', kind: 'const' },
    ]),
  ];
  const root: TypeNode = {
    kind: 'struct',
    fields: [
      { name: 'a', type: defined('Wrapper', [u8]) },
      { name: 'b', type: defined('Wrapper', [u16]) },
      { name: 'c', type: defined('Fixed', [2]) },
      { name: 'd', type: defined('Pair', [u8, defined('Wrapper', [u8])]) },
    ],
  };
  const bytes = [...[1, 1, 0, 0, 0, 2], ...[3, 0, 1, 0, 0, 0, 4, 0], ...[5, 0, 6, 0], ...[7, 8, 1, 0, 0, 0, 9]];
  assert.deepEqual(decodeOne(root, bytes, types), {
    a: { value: 1, list: [2] },
    b: { value: 3, list: [4] },
    c: { items: [5, 6] },
    d: [7, { value: 8, list: [9] }],
  });
  assert.deepEqual(decodeOne(defined('Sized', [1]), [3, 0], types), { fixed: { items: [3] } });
  // A type argument where a const is expected cannot give an array length.
  assert.equal(decodeOne(defined('Outer', [u16]), [1, 0, 2, 3, 0], types), undefined);
  assert.equal(decodeOne(defined('Wrapper'), [1, 0, 0, 0, 0], types), undefined, 'missing generic argument');
});

test('recursive types compile once and decode to their depth; hostile depth is refused', () => {
  const types = [
    borshType('Tree', {
      kind: 'struct',
      fields: [
        { name: 'value', type: u8 },
        { name: 'children', type: vecOf(defined('Tree')) },
      ],
    }),
    // Mutual recursion through an enum.
    borshType('Expr', {
      kind: 'enum',
      tag: 1,
      variants: [
        { name: 'Lit', value: 0, tuple: [u8] },
        { name: 'Neg', value: 1, tuple: [defined('Boxed')] },
      ],
    }),
    borshType('Boxed', { kind: 'tuple', items: [defined('Expr')] }),
    // Polymorphic recursion: each level asks for a new instantiation.
    borshType(
      'Grow',
      {
        kind: 'struct',
        fields: [
          { name: 'next', type: { kind: 'option', item: defined('Grow', [vecOf({ kind: 'generic', name: 'T' })]), tag: 1, fixed: false } },
        ],
      },
      [{ name: 'T', kind: 'type' }],
    ),
  ];
  const leaf = (v: number) => [v, 0, 0, 0, 0];
  assert.deepEqual(decodeOne(defined('Tree'), [1, 2, 0, 0, 0, ...leaf(2), 3, 1, 0, 0, 0, ...leaf(4)], types), {
    value: 1,
    children: [
      { value: 2, children: [] },
      { value: 3, children: [{ value: 4, children: [] }] },
    ],
  });
  assert.deepEqual(decodeOne(defined('Expr'), [1, 1, 0, 9], types), { Neg: { Neg: { Lit: 9 } } });

  const deep: number[] = [];
  for (let i = 0; i < 100_000; i++) deep.push(i & 0xff, 1, 0, 0, 0);
  assert.equal(decodeOne(defined('Tree'), deep, types), undefined);

  // Compiling Grow terminates (instantiation depth is capped) and shallow values still decode.
  assert.deepEqual(decodeOne(defined('Grow', [u8]), [1, 1, 0], types), { next: { next: { next: null } } });
  assert.equal(decodeOne(defined('Grow', [u8]), [...new Array(100).fill(1), 0], types), undefined);
});

test('maps render as objects with stringified keys', () => {
  const map = (key: TypeNode, value: TypeNode): TypeNode => ({ kind: 'map', key, value, size: { kind: 'prefix', bytes: 4 } });
  assert.deepEqual(decodeOne(map(u8, u64), [2, 0, 0, 0, 1, ...le(10n, 8), 2, ...le(20n, 8)]), { 1: '10', 2: '20' });
  assert.deepEqual(decodeOne(map(borshString, u8), [1, 0, 0, 0, 1, 0, 0, 0, 0x6b, 5]), { k: 5 });
  const proto = [...Buffer.from('__proto__')];
  const out = decodeOne(map(borshString, u8), [1, 0, 0, 0, proto.length, 0, 0, 0, ...proto, 5]) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.deepEqual(Object.entries(out), [['__proto__', 5]]);
  assert.equal(decodeOne(map(u8, u8), [0xff, 0xff, 0xff, 0xff, 1, 2]), undefined);
});

test('fixedSize windows and hidden prefixes', () => {
  const windowed: TypeNode = {
    kind: 'struct',
    fields: [
      { name: 'name', type: { kind: 'fixedSize', bytes: 4, item: { kind: 'string', size: { kind: 'remainder' } } } },
      { name: 'n', type: u8 },
    ],
  };
  assert.deepEqual(decodeOne(windowed, [0x61, 0x62, 0x63, 0x64, 9]), { name: 'abcd', n: 9 });
  const hidden: TypeNode = { kind: 'hiddenPrefix', prefix: Uint8Array.of(1, 2), item: u8 };
  assert.equal(decodeOne(hidden, [1, 2, 3]), 3);
  assert.equal(decodeOne(hidden, [1, 3, 3]), undefined);
});

test('zero-copy: repr(C) pads fields to their alignment, packed does not, align(N) raises it', () => {
  const fields: Field[] = [
    { name: 'a', type: u8 },
    { name: 'b', type: u64 },
  ];
  const accountOf = (name: string, disc: number, type: TypeNode, repr?: AccountDesc['repr']): AccountDesc => ({
    name,
    discriminator: Uint8Array.of(disc),
    type,
    serialization: 'bytemuck',
    repr,
  });
  const types: TypeDef[] = [
    { name: 'Padded', type: { kind: 'struct', fields }, serialization: 'bytemuck', repr: { kind: 'c' } },
    { name: 'Packed', type: { kind: 'struct', fields }, serialization: 'bytemuckunsafe', repr: { kind: 'c', packed: true } },
    {
      name: 'Aligned',
      type: { kind: 'struct', fields: [{ name: 'a', type: u8 }] },
      serialization: 'bytemuck',
      repr: { kind: 'c', align: 8 },
    },
    {
      name: 'Wide',
      type: {
        kind: 'struct',
        fields: [
          { name: 'a', type: u8 },
          { name: 'b', type: { kind: 'int', bytes: 16, signed: true } },
        ],
      },
      serialization: 'bytemuckunsafe',
      repr: { kind: 'c' },
    },
  ];
  // Each account: the type, then a trailing u8 marker showing where the type ended.
  const withMarker = (t: string): TypeNode => ({
    kind: 'struct',
    fields: [
      { name: 'inner', type: defined(t) },
      { name: 'marker', type: u8 },
    ],
  });
  const compiled = compileProgram(
    program({
      types,
      accounts: [
        accountOf('PaddedAccount', 1, withMarker('Padded'), { kind: 'c' }),
        accountOf('PackedAccount', 2, withMarker('Packed'), { kind: 'c', packed: true }),
        accountOf('AlignedAccount', 3, withMarker('Aligned'), { kind: 'c' }),
        accountOf('WideAccount', 4, withMarker('Wide'), { kind: 'c' }),
        accountOf(
          'ArrayAccount',
          5,
          {
            kind: 'struct',
            fields: [
              { name: 'items', type: { kind: 'array', item: defined('Padded'), length: 2 } },
              { name: 'marker', type: u8 },
            ],
          },
          { kind: 'c' },
        ),
        // Inline fields of an account with repr(C) are padded too.
        accountOf(
          'InlineAccount',
          6,
          {
            kind: 'struct',
            fields: [
              { name: 'x', type: u8 },
              { name: 'y', type: u32 },
            ],
          },
          { kind: 'c' },
        ),
        // A packed struct inside a repr(C) one is aligned to 1.
        accountOf(
          'HoldsPacked',
          7,
          {
            kind: 'struct',
            fields: [
              { name: 'x', type: u8 },
              { name: 'p', type: defined('Packed') },
              { name: 'marker', type: u8 },
            ],
          },
          { kind: 'c' },
        ),
      ],
    }),
  );
  const padded = [7, ...new Array(7).fill(0xee), ...le(99n, 8)];
  // The marker sits at the struct's alignment (8), after 16 bytes; the account's own size rounds to 24.
  let decoded = compiled.decodeAccount(Uint8Array.of(1, ...padded, 5, ...new Array(7).fill(0)));
  assert.deepEqual(decoded?.value, { inner: { a: 7, b: '99' }, marker: 5 });
  assert.equal(compiled.decodeAccount(Uint8Array.of(1, ...padded, 5)), null, 'trailing padding of the account struct missing');

  decoded = compiled.decodeAccount(Uint8Array.of(2, 7, ...le(99n, 8), 5));
  assert.deepEqual(decoded?.value, { inner: { a: 7, b: '99' }, marker: 5 });

  decoded = compiled.decodeAccount(Uint8Array.of(3, 7, ...new Array(7).fill(0), 5, ...new Array(7).fill(0)));
  assert.deepEqual(decoded?.value, { inner: { a: 7 }, marker: 5 });

  // On the SBF target a 128-bit integer aligns to 8, as a u64 does (x86_64 would pad it to 16).
  const wide = [1, ...new Array(7).fill(0), ...le(-1n, 16)];
  decoded = compiled.decodeAccount(Uint8Array.of(4, ...wide, 5, ...new Array(7).fill(0)));
  assert.deepEqual(decoded?.value, { inner: { a: 1, b: '-1' }, marker: 5 });
  assert.equal(
    compiled.decodeAccount(Uint8Array.of(4, 1, ...new Array(15).fill(0), ...le(-1n, 16), 5, ...new Array(15).fill(0)))?.exact,
    false,
  );

  decoded = compiled.decodeAccount(Uint8Array.of(5, ...padded, ...padded, 5, ...new Array(7).fill(0)));
  assert.deepEqual(decoded?.value, {
    items: [
      { a: 7, b: '99' },
      { a: 7, b: '99' },
    ],
    marker: 5,
  });

  decoded = compiled.decodeAccount(Uint8Array.of(6, 1, 0xee, 0xee, 0xee, 2, 0, 0, 0));
  assert.deepEqual(decoded?.value, { x: 1, y: 2 });

  decoded = compiled.decodeAccount(Uint8Array.of(7, 1, 7, ...le(99n, 8), 5));
  assert.deepEqual(decoded?.value, { x: 1, p: { a: 7, b: '99' }, marker: 5 });
});

test('hostile lengths fail fast without allocating', () => {
  const huge = [0xff, 0xff, 0xff, 0xff, 1, 2, 3, 4, 5, 6];
  assert.equal(decodeOne(vecOf(u8), huge), undefined);
  assert.equal(decodeOne(vecOf(u64), huge), undefined);
  assert.equal(decodeOne(vecOf({ kind: 'struct', fields: [] }), huge), undefined, 'zero-sized items');
  assert.equal(decodeOne(vecOf(vecOf(u8)), huge), undefined);
  assert.equal(
    decodeOne({ kind: 'vec', item: u8, size: { kind: 'prefix', bytes: 8 } }, [0, 0, 0, 0, 1, 0, 0, 0, 1, 2]),
    undefined,
    '2^32 elements',
  );
  assert.equal(decodeOne({ kind: 'array', item: u64, length: 2 ** 32 }, [1, 2, 3]), undefined);
  assert.equal(decodeOne({ kind: 'bytes', size: { kind: 'prefix', bytes: 4 } }, huge), undefined);
  assert.equal(decodeOne(borshString, huge), undefined);
});

test('instruction matching: longest discriminator wins, trailing bytes allowed, no match is null', () => {
  const compiled = compileProgram(
    program({
      instructions: [
        ix('short', Uint8Array.of(1), [{ name: 'x', type: u8 }]),
        ix('long', Uint8Array.of(1, 2), [{ name: 'y', type: u8 }]),
        ix('anchor_style', Uint8Array.of(9, 8, 7, 6, 5, 4, 3, 2), [{ name: 'amount', type: u64 }]),
      ],
    }),
  );
  assert.equal(compiled.decodeInstruction(Uint8Array.of(1, 2, 3))?.instruction.name, 'long');
  assert.deepEqual(compiled.decodeInstruction(Uint8Array.of(1, 2, 3))?.args, { y: 3 });
  assert.deepEqual(compiled.decodeInstruction(Uint8Array.of(1, 5))?.args, { x: 5 });
  assert.equal(compiled.decodeInstruction(Uint8Array.of(1, 2)), null, 'longest match does not fit: not decoded');
  assert.deepEqual(compiled.decodeInstruction(Uint8Array.of(9, 8, 7, 6, 5, 4, 3, 2, ...le(7n, 8), 0xde, 0xad))?.args, { amount: '7' });
  assert.equal(compiled.decodeInstruction(Uint8Array.of(9, 8, 7, 6, 5, 4, 3)), null);
  assert.equal(compiled.decodeInstruction(Uint8Array.of(9, 8, 7, 6, 5, 4, 3, 1, ...le(7n, 8))), null);
  assert.equal(compiled.decodeInstruction(Uint8Array.of(4)), null);
  assert.equal(compiled.decodeInstruction(new Uint8Array(0)), null);

  const single = compileProgram(program({ instructions: [ix('only', new Uint8Array(0), [{ name: 'v', type: u16 }])] }));
  assert.deepEqual(single.decodeInstruction(Uint8Array.of(3, 1)), {
    instruction: single.description.instructions[0],
    args: { v: 259 },
    exact: true,
    short: false,
  });
  assert.equal(single.decodeInstruction(Uint8Array.of(3, 1, 0))?.exact, false, 'a byte over: another layout may read it all');
  assert.equal(single.decodeInstruction(Uint8Array.of(3, 1, 0))?.short, false, 'bytes over are not data stopped short');
});

test('instruction data that stops between trailing fields decodes, marked as not exact', () => {
  const compiled = compileProgram(
    program({
      instructions: [
        ix('grown', Uint8Array.of(1), [
          { name: 'a', type: u8 },
          { name: 'b', type: u16 },
        ]),
        ix('tagged', Uint8Array.of(2), [{ name: 'v', type: { kind: 'vec', item: u8, size: { kind: 'prefix', bytes: 1 } } }]),
      ],
    }),
  );
  assert.deepEqual(compiled.decodeInstruction(Uint8Array.of(1, 7)), {
    instruction: compiled.description.instructions[0],
    args: { a: 7 },
    exact: false,
    short: true,
  });
  assert.equal(compiled.decodeInstruction(Uint8Array.of(1, 7, 1, 0))?.exact, true);
  assert.equal(compiled.decodeInstruction(Uint8Array.of(2, 0))?.exact, true, 'an empty list read to its end');
});

test('accounts match by discriminator, else by exact size; events by discriminator', () => {
  const description = program({
    accounts: [
      {
        name: 'Marked',
        discriminator: Uint8Array.of(7, 7),
        type: { kind: 'struct', fields: [{ name: 'v', type: u8 }] },
        serialization: 'borsh',
      },
      {
        name: 'BySize',
        discriminator: new Uint8Array(0),
        size: 3,
        type: {
          kind: 'struct',
          fields: [
            { name: 'a', type: u8 },
            { name: 'b', type: u16 },
          ],
        },
        serialization: 'borsh',
      },
      { name: 'Unmarked', discriminator: new Uint8Array(0), type: { kind: 'struct', fields: [] }, serialization: 'borsh' },
    ],
  });
  description.events.push({
    name: 'Swapped',
    discriminator: Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8),
    type: { kind: 'struct', fields: [{ name: 'amount_in', type: u64 }] },
  });
  const compiled = compileProgram(description);
  assert.deepEqual(compiled.decodeAccount(Uint8Array.of(7, 7, 1, 0, 0, 0))?.value, { v: 1 }, 'over-allocated');
  assert.equal(compiled.decodeAccount(Uint8Array.of(7, 7)), null, 'discriminator matches, layout does not fit');
  assert.deepEqual(compiled.decodeAccount(Uint8Array.of(9, 1, 0)), {
    account: description.accounts[1],
    value: { a: 9, b: 1 },
    exact: true,
    end: 3,
  });
  assert.equal(compiled.decodeAccount(Uint8Array.of(7, 7, 1, 0, 0, 0))?.exact, false, 'bytes over the layout');
  assert.equal(compiled.decodeAccount(Uint8Array.of(7, 7, 1, 0, 0, 0))?.end, 3, 'where the layout stopped');
  // An account layout read inside other data: its discriminator must be where it is asked for.
  assert.deepEqual(compiled.readAt('Marked', Uint8Array.of(0, 7, 7, 5, 0), 1), { value: { v: 5 }, end: 4 });
  assert.equal(compiled.readAt('Marked', Uint8Array.of(0, 7, 6, 5), 1), null, 'no discriminator there');
  assert.equal(compiled.readAt('Marked', Uint8Array.of(7, 7), 0), null, 'the layout does not fit');
  assert.equal(compiled.readAt('Marked', Uint8Array.of(7, 7, 5), 2), null, 'the discriminator would run past the end');
  assert.equal(compiled.decodeAccount(Uint8Array.of(9, 1, 0, 0)), null);
  assert.equal(compiled.decodeAccount(new Uint8Array(0)), null);
  assert.deepEqual(compiled.decodeEvent(Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8, ...le(5n, 8)))?.value, { amountIn: '5' });
  assert.equal(compiled.decodeEvent(Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 9, ...le(5n, 8))), null);
});

test('keys are camelCased as Anchor TS does; enum variant names are kept as spelled', () => {
  const compiled = compileProgram(
    program({
      instructions: [
        ix('sell', DISC, [
          { name: 'buyer_price', type: u8 },
          { name: 'sellerStateBump', type: u8 },
          { name: 'amount_0', type: u8 },
          { name: 'sqrt_price_x64', type: u8 },
          { name: 'side', type: { kind: 'enum', tag: 1, variants: [{ name: 'buy_side', value: 0 }] } },
        ]),
      ],
    }),
  );
  assert.deepEqual(compiled.decodeInstruction(Uint8Array.of(DISC[0], 1, 2, 3, 4, 0))?.args, {
    buyerPrice: 1,
    sellerStateBump: 2,
    amount0: 3,
    sqrtPriceX64: 4,
    side: 'buy_side',
  });
  const expected: [string, string][] = [
    ['buyer_price', 'buyerPrice'],
    ['sellerStateBump', 'sellerStateBump'],
    ['amount_0_max', 'amount0Max'],
    ['PDASeed', 'pdaSeed'],
    ['URLPath', 'urlPath'],
    ['v2pool', 'v2Pool'],
    ['_private', 'private'],
    ['tick_array_lower_start_index', 'tickArrayLowerStartIndex'],
    ['A', 'a'],
    ['__proto__', 'proto'],
  ];
  for (const [from, to] of expected) assert.equal(camelCase(from), to, from);
});

test('names from the IDL or the data cannot set a prototype', () => {
  const variant: TypeNode = { kind: 'enum', tag: 1, variants: [{ name: '__proto__', value: 0, tuple: [u8] }] };
  const out = decodeOne({ kind: 'struct', fields: [{ name: '__proto__', type: variant }] }, [0, 1]) as Record<
    string,
    Record<string, unknown>
  >;
  assert.deepEqual(Object.keys(out), ['proto']);
  assert.equal(Object.getPrototypeOf(out.proto), Object.prototype);
  assert.deepEqual(Object.entries(out.proto), [['__proto__', 1]]);
});

test('random bytes never throw', () => {
  const types: TypeDef[] = [
    borshType('Tree', {
      kind: 'struct',
      fields: [
        { name: 'value', type: borshString },
        { name: 'children', type: vecOf(defined('Tree')) },
      ],
    }),
  ];
  const kinds: TypeNode[] = [
    defined('Tree'),
    vecOf({ kind: 'option', item: { kind: 'int', bytes: 16, signed: true }, tag: 1, fixed: false }),
    { kind: 'map', key: borshString, value: vecOf(pubkey), size: { kind: 'prefix', bytes: 4 } },
    {
      kind: 'enum',
      tag: 1,
      variants: [
        { name: 'A', value: 0, tuple: [borshString] },
        { name: 'B', value: 1, fields: [{ name: 'f', type: { kind: 'float', bytes: 8 } }] },
      ],
    },
    { kind: 'vec', item: { kind: 'shortU16' }, size: { kind: 'remainder' } },
  ];
  const compiled = compileProgram(
    program({ types, instructions: kinds.map((type, i) => ix(`i${i}`, Uint8Array.of(i), [{ name: 'v', type }])) }),
  );
  let state = 12345;
  const random = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 24;
  let decoded = 0;
  for (let round = 0; round < 20_000; round++) {
    const data = new Uint8Array(1 + (round % 40));
    for (let i = 0; i < data.length; i++) data[i] = random() % (i === 0 ? kinds.length : i % 3 === 0 ? 4 : 256);
    if (compiled.decodeInstruction(data) !== null) decoded++;
  }
  assert.ok(decoded > 0, 'some random inputs decode');
});

test('instruction and event data may stop between trailing fields; account data and container items may not', () => {
  const program = compileProgram({
    address: '11111111111111111111111111111111',
    name: 'lenient',
    dialect: 'anchor',
    instructions: [
      {
        name: 'buy',
        discriminator: Uint8Array.of(7),
        accounts: [],
        args: [
          { name: 'amount', type: { kind: 'int', bytes: 8, signed: false } },
          { name: 'max_cost', type: { kind: 'int', bytes: 8, signed: false } },
          { name: 'track', type: { kind: 'option', item: { kind: 'bool' }, tag: 1, fixed: false } },
        ],
      },
      {
        name: 'batch',
        discriminator: Uint8Array.of(8),
        accounts: [],
        args: [
          {
            name: 'orders',
            type: {
              kind: 'vec',
              size: { kind: 'prefix', bytes: 4 },
              item: {
                kind: 'struct',
                fields: [
                  { name: 'a', type: { kind: 'int', bytes: 8, signed: false } },
                  { name: 'b', type: { kind: 'string', size: { kind: 'prefix', bytes: 4 } } },
                ],
              },
            },
          },
        ],
      },
    ],
    accounts: [
      {
        name: 'State',
        discriminator: Uint8Array.of(9),
        serialization: 'borsh',
        type: {
          kind: 'struct',
          fields: [
            { name: 'x', type: { kind: 'int', bytes: 4, signed: false } },
            { name: 'y', type: { kind: 'int', bytes: 4, signed: false } },
          ],
        },
      },
    ],
    events: [],
    errors: [],
    types: new Map(),
  });
  const u64 = (n: number) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    return b;
  };
  assert.deepEqual(program.decodeInstruction(Buffer.concat([Buffer.of(7), u64(5), u64(9), Buffer.of(1, 1)]))?.args, {
    amount: '5',
    maxCost: '9',
    track: true,
  });
  assert.deepEqual(program.decodeInstruction(Buffer.concat([Buffer.of(7), u64(5), u64(9)]))?.args, { amount: '5', maxCost: '9' });
  assert.deepEqual(program.decodeInstruction(Buffer.concat([Buffer.of(7), u64(5)]))?.args, { amount: '5' });
  assert.equal(program.decodeInstruction(Buffer.concat([Buffer.of(7), u64(5), Buffer.of(1, 2, 3)])), null, 'ending inside a field');
  assert.equal(program.decodeInstruction(Buffer.concat([Buffer.of(7), u64(5), u64(9), Buffer.of(1)])), null, 'Some without its value');
  const twoOrders = Buffer.concat([Buffer.of(8), Buffer.of(2, 0, 0, 0), u64(1), Buffer.of(1, 0, 0, 0, 0x41), u64(2)]);
  assert.equal(program.decodeInstruction(twoOrders), null, 'a counted item must be whole');
  assert.deepEqual(program.decodeAccount(Buffer.of(9, 1, 0, 0, 0, 2, 0, 0, 0))?.value, { x: 1, y: 2 });
  assert.equal(program.decodeAccount(Buffer.of(9, 1, 0, 0, 0)), null, 'account data is whole');
});

// Found by test/borsh-second-opinion.test.ts: data that stopped after a None field decoded, after a
// Some field it did not (the Some cleared the struct's openness for good, not just for its value).
test('instruction data may stop after an option field whether it is None or Some', () => {
  const opt: TypeNode = { kind: 'option', item: u8, tag: 1, fixed: false };
  const program = compileProgram({
    address: '11111111111111111111111111111111',
    name: 'fuel',
    dialect: 'anchor',
    instructions: [
      {
        name: 'f',
        discriminator: DISC,
        accounts: [],
        args: [
          { name: 'taker', type: opt },
          { name: 'maker', type: opt },
        ],
      },
    ],
    accounts: [],
    events: [],
    errors: [],
    types: new Map(),
  });
  assert.deepEqual(program.decodeInstruction(Uint8Array.of(0xaa, 0))?.args, { taker: null });
  assert.deepEqual(program.decodeInstruction(Uint8Array.of(0xaa, 1, 112))?.args, { taker: 112 });
  assert.deepEqual(program.decodeInstruction(Uint8Array.of(0xaa, 1, 112, 1, 7))?.args, { taker: 112, maker: 7 });
  assert.equal(program.decodeInstruction(Uint8Array.of(0xaa, 1)), null, 'Some without its value');
});
