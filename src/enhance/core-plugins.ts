/**
 * Metaplex Core keeps an asset's or collection's plugins in the same account, after its own fields:
 * a PluginHeaderV1 naming where the PluginRegistryV1 starts, the plugins themselves, then that
 * registry, the account's last bytes, which gives each plugin's offset (and, for an external
 * plugin adapter, where its data lies). The IDL describes each piece but not how they point at one
 * another; read without this, an account with plugins decodes its base fields only and its plugins
 * are lost to the client.
 */
import type { CompiledProgram, DecodedAccount } from '../decode/compile.js';

export const MPL_CORE = 'CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d';

/**
 * The base fields with the plugin header and registry as they are stored, the plugins in the
 * registry's order, and the external plugin adapters in the external registry's, each with its data
 * (`[base64, "base64"]`, or null). Null when the bytes after the base do not read as that layout
 * in every part, to its last byte: the account then goes out as its base fields only, as before.
 */
export function withCorePlugins(program: CompiledProgram, data: Uint8Array, base: DecodedAccount): Record<string, unknown> | null {
  const header = program.readAt('PluginHeaderV1', data, base.end);
  const registryAt = offsetOf((header?.value as Record<string, unknown> | undefined)?.pluginRegistryOffset, data);
  if (header === null || registryAt === null || registryAt < header.end) return null;
  const registry = program.readAt('PluginRegistryV1', data, registryAt);
  if (registry === null || registry.end !== data.length) return null;
  const { registry: records, externalRegistry } = registry.value as { registry: unknown[]; externalRegistry: unknown[] };
  /** What `type` reads at a record's offset, inside the plugins' area. */
  const inArea = (type: string, record: unknown) => {
    const at = offsetOf((record as Record<string, unknown>).offset, data);
    const read = at === null || at < header.end ? null : program.readAt(type, data, at);
    return read !== null && read.end <= registryAt ? read.value : undefined;
  };
  const plugins = records.map((record) => inArea('Plugin', record));
  const externalPlugins = externalRegistry.map((record) => {
    const adapter = inArea('ExternalPluginAdapter', record);
    const { dataOffset, dataLen } = record as Record<string, unknown>;
    if (dataOffset === null && dataLen === null) return adapter === undefined ? undefined : { adapter, data: null };
    const from = offsetOf(dataOffset, data);
    const length = offsetOf(dataLen, data);
    if (adapter === undefined || from === null || length === null || from < header.end || from + length > registryAt) return undefined;
    return { adapter, data: [Buffer.from(data.subarray(from, from + length)).toString('base64'), 'base64'] };
  });
  if (plugins.includes(undefined) || externalPlugins.includes(undefined)) return null;
  return { ...base.value, pluginHeader: header.value, pluginRegistry: registry.value, plugins, externalPlugins };
}

/** A u64 offset or length as the decoder renders it (a number, or text past 2^53), inside the data. */
function offsetOf(value: unknown, data: Uint8Array): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 && n <= data.length ? n : null;
}
