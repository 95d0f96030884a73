/**
 * JSON schemas for the request envelope and the params of the methods the gateway answers itself.
 * They are compiled into standalone validator code at build time (scripts/compile-validators.ts),
 * so startup does no schema compilation. The shapes mirror Agave's config structs: unknown config
 * members are ignored, `null` stands for "absent".
 */
export const transactionEncodings = ['json', 'jsonParsed', 'base58', 'base64', 'binary'] as const;
export const accountEncodings = ['binary', 'base58', 'base64', 'jsonParsed', 'base64+zstd'] as const;

// A double cannot tell u64::MAX (valid) from 2^64 (not): both parse to 2^64, which passes here, and
// the number's own text decides (params.ts, u64TextProblem).
const u64 = { type: 'integer', minimum: 0, maximum: 2 ** 64 };
const optional = (schema: object) => ({ anyOf: [{ type: 'null' }, schema] });
// Agave flattens an Option<CommitmentConfig> into the config, which makes serde swallow any value here.
const commitment = {};

const accountConfig = {
  type: 'object',
  properties: {
    encoding: optional({ enum: accountEncodings }),
    dataSlice: optional({
      type: 'object',
      required: ['offset', 'length'],
      properties: { offset: u64, length: u64 },
    }),
    minContextSlot: optional(u64),
    commitment,
  },
};

const contextConfig = {
  type: 'object',
  properties: { minContextSlot: optional(u64), commitment },
};

const positional = (required: number, items: object[]) => ({
  type: 'array',
  minItems: required,
  maxItems: items.length,
  items,
});

export const schemas = {
  envelope: {
    type: 'object',
    required: ['jsonrpc', 'method'],
    additionalProperties: false,
    properties: {
      jsonrpc: { const: '2.0' },
      method: { type: 'string' },
      params: { type: ['array', 'object', 'null'] },
      id: { type: ['string', 'integer', 'null'] },
    },
  },
  getTransactionParams: positional(1, [
    { type: 'string' },
    {
      anyOf: [
        { type: 'null' },
        { enum: transactionEncodings },
        {
          type: 'object',
          properties: {
            encoding: optional({ enum: transactionEncodings }),
            maxSupportedTransactionVersion: optional({ type: 'integer', minimum: 0, maximum: 255 }),
            commitment,
          },
        },
      ],
    },
  ]),
  getMultipleAccountsParams: positional(1, [{ type: 'array', items: { type: 'string' } }, optional(accountConfig)]),
  getAccountInfoParams: positional(1, [{ type: 'string' }, optional(accountConfig)]),
  getSlotParams: positional(0, [optional(contextConfig)]),
  noParams: { type: 'array', maxItems: 0 },
} as const;

export type SchemaName = keyof typeof schemas;
