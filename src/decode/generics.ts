/** Generic type definitions: their arguments, and the closed types an instantiation is keyed by. */
import { rebuildingVisitor, visitType, type TypeNode, type TypeVisitor } from '../idl/description.js';

/** Generic arguments of the type being compiled, already free of generic references. */
export type Env = ReadonlyMap<string, TypeNode | number>;
export const NO_GENERICS: Env = new Map();

/** Stable identity of a closed type or const argument, for caching generic instantiations. */
export function instantiationKey(name: string, args: readonly (TypeNode | number)[]): string {
  return args.length === 0 ? name : `${name}<${args.map(keyOf).join(',')}>`;
}

function keyOf(arg: TypeNode | number): string {
  return JSON.stringify(arg, (_k, v: unknown) => (v instanceof Uint8Array ? Array.from(v) : v));
}

/** Generic arguments in the caller's terms; a const parameter passed on (`Inner<N>`) becomes its number. */
export function closeArgs(args: readonly (TypeNode | number)[], env: Env): (TypeNode | number)[] {
  return args.map((a) => {
    if (typeof a === 'number') return a;
    if (a.kind === 'generic') {
      const bound = env.get(a.name);
      if (typeof bound === 'number') return bound;
    }
    return substitute(a, env);
  });
}

/** Replaces generic parameters by the caller's arguments, so an instantiation's key is self-contained. */
function substitute(node: TypeNode, env: Env): TypeNode {
  return env.size === 0 ? node : visitType(node, substitution, env);
}

const rebuild = rebuildingVisitor<Env>((node, env) => visitType(node, substitution, env));
const substitution: TypeVisitor<TypeNode, Env> = {
  ...rebuild,
  generic: (node, env) => {
    const bound = env.get(node.name);
    return bound === undefined || typeof bound === 'number' ? node : bound;
  },
  array: (node, env) => {
    const length = typeof node.length === 'number' ? node.length : env.get(node.length.generic);
    return { ...rebuild.array(node, env), length: typeof length === 'number' ? length : node.length };
  },
  defined: (node, env) => (node.args === undefined ? node : { ...node, args: closeArgs(node.args, env) }),
};
