/**
 * Canonical JSON of a signed act (decision 039): object keys sorted by UTF-16 code units, no whitespace,
 * strings as JSON.stringify writes them, integers only, no undefined. Written by hand rather than taken from
 * a library: an act holds only plain values (strings, whole kroner, booleans, null, ISO UTC times as strings,
 * nested objects), and for those this is RFC 8785 (JCS) exactly; refusing floats and other types keeps it so.
 */
export type CanonicalValue =
  | string
  | number
  | boolean
  | null
  | CanonicalValue[]
  | { [key: string]: CanonicalValue | undefined };

export function canonicalJson(value: CanonicalValue): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`canonicalJson takes whole numbers only: ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value !== 'object') throw new Error(`canonicalJson cannot write ${typeof value}`);
  const keys = Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] as CanonicalValue)}`).join(',')}}`;
}
