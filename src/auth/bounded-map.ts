/**
 * Sets `key` to `value` as the map's newest entry, first dropping its oldest when `limit` entries
 * are there. Where every entry lives equally long, insertion order is expiry order, so the entry
 * dropped is the one nearest its end anyway.
 */
export function setBounded<K, V>(map: Map<K, V>, limit: number, key: K, value: V): void {
  map.delete(key);
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
}
