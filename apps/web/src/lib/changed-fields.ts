/** A record's text fields as a form edits them: null becomes ''. */
export function toFormValues<K extends string>(
  fields: readonly K[],
  read: (field: K) => string | null | undefined,
): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const field of fields) values[field] = read(field) ?? '';
  return values;
}

/**
 * The fields whose value differs from what was loaded, so a save sends only what the person
 * changed (surrounding spaces do not count as a change). '' stays '': the contracts read it as
 * "clear this field".
 */
export function changedFields<K extends string>(
  initial: Record<K, string>,
  current: Record<K, string>,
): Partial<Record<K, string>> {
  const changes: Partial<Record<K, string>> = {};
  for (const field of Object.keys(current) as K[]) {
    if (current[field].trim() !== initial[field].trim()) changes[field] = current[field].trim();
  }
  return changes;
}

export function hasChanges(changes: object): boolean {
  return Object.keys(changes).length > 0;
}
