import type { Tx } from './tenancy.js';

type Prepared<TResult> = { execute: (values?: Record<string, unknown>) => Promise<TResult> };
type Preparable<TResult> = { prepare: (name: string) => Prepared<TResult> };

/**
 * A query built once per connection instead of once per call. Building a drizzle query costs
 * tens of microseconds per selected column (more than the round trip to PostgreSQL), so the hot
 * paths (every signed-in request reads its user) prepare theirs: on first use on a pooled
 * connection the query is built and prepared under `name` (PostgreSQL then also keeps its
 * parse), later calls only bind the values. Values are passed as `sql.placeholder(...)` names.
 */
export function preparedQuery<TValues extends Record<string, unknown>, TResult>(
  name: string,
  build: (tx: Tx) => Preparable<TResult>,
): (tx: Tx, values: TValues) => Promise<TResult> {
  const byConnection = new WeakMap<object, Prepared<TResult>>();
  return (tx, values) => {
    let prepared = byConnection.get(tx.$client);
    if (!prepared) {
      prepared = build(tx).prepare(name);
      byConnection.set(tx.$client, prepared);
    }
    return prepared.execute(values);
  };
}
