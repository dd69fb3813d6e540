// Prints the gzip size of the JavaScript /login loads first: the entry chunk, its static imports,
// and the login page chunk with its static imports.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

function collect(key, seen) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) collect(imported, seen);
}

const files = new Set();
collect('index.html', files);
collect('src/features/auth/login-page.tsx', files);
let total = 0;
for (const key of files) {
  const file = manifest[key].file;
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} kB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} kB  total gzip for /login`);
