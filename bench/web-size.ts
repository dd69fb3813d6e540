/**
 * The JavaScript the page /login loads first, gzipped (level 9), from the built web app.
 * Run alone with `npx tsx bench/web-size.ts`; `npm run bench` runs it before the HTTP benchmarks.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

export const WEB_SIZE_TARGET_KB = 200;
const BUILD_TIMEOUT_MS = 120_000;

export type WebSizeFile = { file: string; reason: string; rawBytes: number; gzipBytes: number };

export type WebSizeReport =
  | {
      status: 'measured';
      distDir: string;
      /** 'manifest': dist/.vite/manifest.json; 'import-scan': static imports read from the chunks. */
      method: 'manifest' | 'import-scan';
      files: WebSizeFile[];
      totalGzipBytes: number;
      totalGzipKb: number;
      targetKb: number;
      pass: boolean;
      notes: string[];
    }
  | { status: 'skipped'; distDir: string; reason: string };

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/** Builds apps/web when its dist is missing, then measures; never throws for a failed build. */
export function measureWebSize(
  repoRoot: string,
  log: (line: string) => void = () => undefined,
): WebSizeReport {
  const distDir = path.join(repoRoot, 'apps/web/dist');
  if (!existsSync(path.join(distDir, 'index.html'))) {
    log(
      'apps/web/dist/index.html is missing: building the web app (npm run build -w apps/web -- --manifest) ...',
    );
    const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--manifest'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: BUILD_TIMEOUT_MS,
    });
    if (result.status !== 0 || !existsSync(path.join(distDir, 'index.html'))) {
      const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-12).join('\n');
      const why = result.error ? result.error.message : `exit ${String(result.status)}`;
      return { status: 'skipped', distDir, reason: `the web build failed (${why}):\n${output}` };
    }
  }
  return measureDist(distDir);
}

/** Measures an existing dist directory (exported for a check against a hand-made dist). */
export function measureDist(distDir: string): WebSizeReport {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const notes: string[] = [];
  const picked = new Map<string, string>();
  const pick = (file: string, reason: string) => {
    if (!picked.has(file)) picked.set(file, reason);
  };

  for (const ref of entryReferences(html)) pick(ref.file, ref.reason);
  if (picked.size === 0)
    return { status: 'skipped', distDir, reason: 'dist/index.html references no module script' };

  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  let method: 'manifest' | 'import-scan';
  if (existsSync(manifestFile)) {
    method = 'manifest';
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    const visited = new Set<string>();
    const addWithImports = (key: string, reason: string) => {
      const chunk = manifest[key];
      if (!chunk || visited.has(key) || !chunk.file.endsWith('.js')) return;
      visited.add(key);
      pick(chunk.file, reason);
      for (const imported of chunk.imports ?? []) addWithImports(imported, `static import of ${chunk.file}`);
    };
    const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
    for (const [key] of entries) addWithImports(key, 'entry chunk');
    const loginChunks = Object.entries(manifest).filter(([, chunk]) =>
      chunk.src?.toLowerCase().includes('login'),
    );
    if (loginChunks.length === 0)
      notes.push(
        'no manifest chunk has "login" in its src (the login page is in the entry chunk, or named differently)',
      );
    for (const [key, chunk] of loginChunks) addWithImports(key, `login route chunk (${chunk.src ?? key})`);
  } else {
    method = 'import-scan';
    notes.push('no dist/.vite/manifest.json: static imports were read from the chunks themselves');
    const queue = [...picked.keys()];
    const loginFiles = listJs(distDir).filter((file) => /login/i.test(path.basename(file)));
    if (loginFiles.length === 0) notes.push('no built chunk has "login" in its name');
    for (const file of loginFiles) {
      pick(file, 'login route chunk (by file name)');
      queue.push(file);
    }
    const seen = new Set<string>();
    while (queue.length > 0) {
      const file = queue.shift();
      if (file === undefined || seen.has(file)) continue;
      seen.add(file);
      const code = readFileSync(path.join(distDir, file), 'utf8');
      for (const spec of staticImportSpecifiers(code)) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
        if (!existsSync(path.join(distDir, target))) continue;
        pick(target, `static import of ${file}`);
        queue.push(target);
      }
    }
  }

  const files: WebSizeFile[] = [...picked].map(([file, reason]) => {
    const content = readFileSync(path.join(distDir, file));
    return {
      file,
      reason,
      rawBytes: content.length,
      gzipBytes: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length,
    };
  });
  const totalGzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  const totalGzipKb = totalGzipBytes / 1000;
  return {
    status: 'measured',
    distDir,
    method,
    files,
    totalGzipBytes,
    totalGzipKb,
    targetKb: WEB_SIZE_TARGET_KB,
    pass: totalGzipKb <= WEB_SIZE_TARGET_KB,
    notes,
  };
}

/** `<script type="module" src>` and `<link rel="modulepreload" href>` of index.html, as dist paths. */
function entryReferences(html: string): { file: string; reason: string }[] {
  const refs: { file: string; reason: string }[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attrs = attributes(tag);
    const isModuleScript =
      tag.toLowerCase().startsWith('<script') && attrs.get('type') === 'module' && attrs.has('src');
    const isPreload =
      tag.toLowerCase().startsWith('<link') && attrs.get('rel') === 'modulepreload' && attrs.has('href');
    const url = isModuleScript ? attrs.get('src') : isPreload ? attrs.get('href') : undefined;
    if (!url || /^(https?:)?\/\//i.test(url)) continue;
    refs.push({
      file: url.replace(/^\.?\//, '').split(/[?#]/)[0] ?? url,
      reason: isModuleScript ? 'entry script' : 'modulepreload',
    });
  }
  return refs;
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([\w:-]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const name = match[1]?.toLowerCase();
    if (name) found.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

/** Relative specifiers of `import … from "./x.js"`, `export … from "./x.js"` and `import "./x.js"`. */
function staticImportSpecifiers(code: string): string[] {
  const specs: string[] = [];
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    if (match[1]) specs.push(match[1]);
  }
  return specs;
}

function listJs(distDir: string): string[] {
  const assets = path.join(distDir, 'assets');
  if (!existsSync(assets)) return [];
  return readdirSync(assets, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file.split(path.sep).join('/')}`);
}

export function printWebSize(report: WebSizeReport, write: (line: string) => void): void {
  write('Web: JavaScript loaded first by /login (gzip -9)');
  if (report.status === 'skipped') {
    write(`  SKIPPED: ${report.reason}`);
    return;
  }
  for (const f of report.files) {
    write(
      `  ${f.file.padEnd(48)} ${(f.rawBytes / 1000).toFixed(1).padStart(8)} kB raw ${(f.gzipBytes / 1000).toFixed(1).padStart(7)} kB gz  (${f.reason})`,
    );
  }
  for (const note of report.notes) write(`  note: ${note}`);
  write(
    `  total ${report.totalGzipKb.toFixed(1)} kB gzip (1 kB = 1000 bytes; method: ${report.method}) ` +
      `target <= ${report.targetKb} kB: ${report.pass ? 'PASS' : 'BELOW'}`,
  );
}

export function writeJson(file: string, data: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const benchDir = path.dirname(fileURLToPath(import.meta.url));
  const report = measureWebSize(path.resolve(benchDir, '..'), (line) => process.stdout.write(`${line}\n`));
  printWebSize(report, (line) => process.stdout.write(`${line}\n`));
  writeJson(path.join(benchDir, 'results', 'web-size.json'), report);
}
