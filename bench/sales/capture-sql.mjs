/**
 * A preload (`node --import`) for the benchmark's capture server only: appends every statement a
 * pg client sends (client number, time, name, text, values, rowMode) as a JSON line to
 * CAPTURE_SQL_FILE, so the bare reference can send the very statements the full stack sent for one
 * request. `pg` is resolved from CAPTURE_SQL_FROM (the server's package.json), the copy the server
 * loads. Nothing in the server knows about it.
 */
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.CAPTURE_SQL_FILE;
const from = process.env.CAPTURE_SQL_FROM;
if (file && from) {
  const pg = createRequire(from)('pg');
  const numbers = new WeakMap();
  let next = 0;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function capture(config, values, callback) {
    if (!numbers.has(this)) numbers.set(this, ++next);
    const asObject = typeof config === 'object' && config !== null ? config : undefined;
    const text = asObject ? asObject.text : config;
    if (typeof text === 'string') {
      appendFileSync(
        file,
        `${JSON.stringify({
          client: numbers.get(this),
          at: Date.now(),
          name: asObject?.name,
          text,
          values: asObject?.values ?? (Array.isArray(values) ? values : undefined),
          rowMode: asObject?.rowMode,
        })}\n`,
      );
    }
    return original.call(this, config, values, callback);
  };
}
