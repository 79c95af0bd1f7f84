type Snapshot = Record<string, unknown> | null;

export interface Change {
  field: string;
  before: string;
  after: string;
}

/** A stored value as a person reads it: text as is, nothing as "—", anything else as JSON. */
export function readable(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** "fooBar" and "foo_bar" → "foo bar". */
const fieldName = (key: string) =>
  key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();

/**
 * An audit entry's before and after as one line per field: fields that differ first, in the
 * order they were recorded; a field the same on both sides is left out.
 */
export function describeChanges(before: Snapshot, after: Snapshot): Change[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .map((key) => ({
      field: fieldName(key),
      before: readable(before?.[key]),
      after: readable(after?.[key]),
    }))
    .filter((change) => change.before !== change.after);
}
