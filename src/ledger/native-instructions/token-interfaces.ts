/**
 * The token-group and token-metadata interface instructions Token-2022 implements, as the node
 * renders them: reached only for data that is no token instruction, each named by an 8-byte
 * discriminator (the head of sha256 over its name), the rest exactly its fields.
 */
import { createHash } from 'node:crypto';

import { encodeBase58 } from '../../codec/base58.js';
import { Accounts, DataReader, instruction, jsonInteger, notParsable, utf8, withPresent } from './reader.js';

type Parsed = ReturnType<typeof instruction>;
type InterfaceParser = (r: DataReader, a: Accounts) => Parsed;

const discriminator = (name: string) => createHash('sha256').update(name).digest().subarray(0, 8).toString('hex');

/** MaybeNull<Address>: 32 bytes, all zero for none. */
function maybeNull(r: DataReader): string | null {
  const bytes = r.take(32);
  return bytes.every((b) => b === 0) ? null : encodeBase58(bytes);
}

/** borsh String: u32 length, then UTF-8. */
function borshString(r: DataReader): string {
  return utf8(r.take(r.u32()));
}

/** borsh bool and Option tags: 0 or 1 only. */
function borshFlag(r: DataReader): boolean {
  const b = r.u8();
  if (b > 1) throw notParsable;
  return b === 1;
}

const FIELD_NAMES = ['name', 'symbol', 'uri'];

/** Field: Name, Symbol, Uri, or Key(String), which the node writes as the key itself. */
function metadataField(r: DataReader): string {
  const tag = r.u8();
  if (tag === 3) return borshString(r);
  const name = FIELD_NAMES[tag];
  if (name === undefined) throw notParsable;
  return name;
}

const metadataAndAuthority = (a: Accounts) => ({ metadata: a.key(0), updateAuthority: a.key(1) });

const INTERFACE_INSTRUCTIONS: ReadonlyMap<string, InterfaceParser> = new Map<string, InterfaceParser>([
  [
    discriminator('spl_token_group_interface:initialize_token_group'),
    (r, a) => {
      const updateAuthority = maybeNull(r);
      const maxSize = jsonInteger(r.u64());
      a.require(3);
      return instruction('initializeTokenGroup', { group: a.key(0), maxSize, mint: a.key(1), mintAuthority: a.key(2), updateAuthority });
    },
  ],
  [
    discriminator('spl_token_group_interface:update_group_max_size'),
    (r, a) => {
      const maxSize = jsonInteger(r.u64());
      a.require(2);
      return instruction('updateTokenGroupMaxSize', { group: a.key(0), maxSize, updateAuthority: a.key(1) });
    },
  ],
  [
    discriminator('spl_token_group_interface:update_authority'),
    (r, a) => {
      const newAuthority = maybeNull(r);
      a.require(2);
      return instruction('updateTokenGroupAuthority', { group: a.key(0), updateAuthority: a.key(1), newAuthority });
    },
  ],
  [
    discriminator('spl_token_group_interface:initialize_member'),
    (_r, a) => {
      a.require(5);
      const [member, memberMint, memberMintAuthority, group, groupUpdateAuthority] = a.from(0);
      return instruction('initializeTokenGroupMember', { member, memberMint, memberMintAuthority, group, groupUpdateAuthority });
    },
  ],
  [
    discriminator('spl_token_metadata_interface:initialize_account'),
    (r, a) => {
      const [name, symbol, uri] = [borshString(r), borshString(r), borshString(r)];
      a.require(4);
      return instruction('initializeTokenMetadata', { ...metadataAndAuthority(a), mint: a.key(2), mintAuthority: a.key(3), name, symbol, uri });
    },
  ],
  [
    discriminator('spl_token_metadata_interface:updating_field'),
    (r, a) => {
      const field = metadataField(r);
      const value = borshString(r);
      a.require(2);
      return instruction('updateTokenMetadataField', { ...metadataAndAuthority(a), field, value });
    },
  ],
  [
    discriminator('spl_token_metadata_interface:remove_key_ix'),
    (r, a) => {
      const idempotent = borshFlag(r);
      const key = borshString(r);
      a.require(2);
      return instruction('removeTokenMetadataKey', { ...metadataAndAuthority(a), key, idempotent });
    },
  ],
  [
    discriminator('spl_token_metadata_interface:update_the_authority'),
    (r, a) => {
      const newAuthority = maybeNull(r);
      a.require(2);
      return instruction('updateTokenMetadataAuthority', { ...metadataAndAuthority(a), newAuthority });
    },
  ],
  [
    discriminator('spl_token_metadata_interface:emitter'),
    (r, a) => {
      const start = borshFlag(r) ? jsonInteger(r.u64()) : undefined;
      const end = borshFlag(r) ? jsonInteger(r.u64()) : undefined;
      a.require(1);
      return instruction('emitTokenMetadata', withPresent({ metadata: a.key(0) }, { start, end }));
    },
  ],
]);

/** An unknown discriminator, a failing field or bytes left over are all refusals. */
export function parseTokenInterfaceInstruction(data: Uint8Array, a: Accounts): Parsed {
  const parse = data.length < 8 ? undefined : INTERFACE_INSTRUCTIONS.get(Buffer.from(data.subarray(0, 8)).toString('hex'));
  if (parse === undefined) throw notParsable;
  const r = new DataReader(data.subarray(8));
  const parsed = parse(r, a);
  if (r.remaining !== 0) throw notParsable;
  return parsed;
}
