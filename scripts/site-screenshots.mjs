// `npm run screenshots:site` (after the build): the screenshots of the public pages (issue 15),
// taken from the real app with the demo business, never drawn by hand, so the site shows what a
// customer gets. Starts the built server on a fresh data folder with DEMO=1, signs in as the demo
// owner through the login page, opens each screen in Chromium, and writes every screen as WebP at
// 1280, 960 and 640 px wide into apps/web/public/site/ with apps/web/src/site/screenshots.json (sizes
// and a content version for cache busting).
//
// Every screen waits for its own data (a concrete element) and for the page to be quiet (no
// request in flight, no skeleton, no spinner, images decoded): a screen that does not get there
// fails the run instead of being skipped, so a shot of a loading state never reaches the site.
/* global document, window, HTMLElement -- used only in functions that page.evaluate runs in the page */
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
const OUT_DIR = path.join(ROOT, 'apps/web/public/site');
const MANIFEST = path.join(ROOT, 'apps/web/src/site/screenshots.json');
/** Where the web names the screenshots it shows (SCREENSHOT_NAMES). */
const SITE_PAGE_MODEL = path.join(ROOT, 'apps/web/src/site/site-page.ts');

const VIEWPORT = { width: 1280, height: 800 };
// 960 for phones at 2x and tablets: between them a 400 px phone would be sent the 1280 file.
const WIDTHS = [1280, 960, 640];
const WEBP = { quality: 72, effort: 6 };

/** Products every demo store sells (demo-catalogue.ts: a category's code and a number). */
const TILL_SKUS = ['FRU-0001', 'BAK-0002', 'DAI-0001'];
/** The question of the AI report screen: answered from the year of demo sales. */
const REPORT_QUESTION = 'best sellers last month';

/** The consent cookie (apps/web/src/features/cookie-consent/cookie-consent.ts): no cookie bar. */
const CONSENT_COOKIE = {
  name: 'cookieConsent',
  value: encodeURIComponent(
    JSON.stringify({ necessary: true, preferences: true, statistics: true, marketing: true }),
  ),
};

// The first start seeds a year of sales (60-90 s on a shared machine): room for a slow one.
const START_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 40_000;
const SCREEN_TIMEOUT_MS = 60_000;

/** A port nobody listens on now (the server binds it a moment later). */
function findFreePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The built server on its own data folder and port, with the embedded database (never a
 * developer's DATABASE_URL) and the demo on. Answers its address and a `stop` that ends it and
 * removes the folder.
 */
async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-shots-'));
  // As root the embedded PostgreSQL runs as user postgres, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const port = await findFreePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: baseURL,
    DEMO: '1',
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMIT: '1000',
  };
  for (const name of ['DATABASE_URL', 'DATABASE_APP_URL', 'SMTP_URL']) delete env[name];

  let output = '';
  const server = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      await new Promise((resolve) => {
        // SIGTERM lets the server stop its embedded PostgreSQL cleanly; SIGKILL only if it hangs.
        const force = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
        server.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        server.kill('SIGTERM');
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseURL, stop, output: () => output, hasExited: () => server.exitCode !== null };
}

/**
 * The server listens only once the demo is seeded, and its demo route (the one the login page's
 * "Explore the demo" reads) answers the owner's sign-in only if the seed worked. Answers the
 * credentials, the owner's token and business.
 */
async function waitForDemo(server) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let lastAnswer = 'no answer yet';
  while (Date.now() < deadline) {
    if (server.hasExited()) throw new Error(`The server exited while starting:\n${server.output()}`);
    let response;
    try {
      response = await fetch(`${server.baseURL}/api/demo`);
    } catch {
      // Not listening yet: the embedded database starts, then the demo is seeded.
      await sleep(1_000);
      continue;
    }
    if (!response.ok) {
      lastAnswer = `${response.status} ${await response.text()}`;
      // Listening without a demo: the seed failed, and waiting will not help.
      break;
    }
    const { email, password } = await response.json();
    const login = await fetch(`${server.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!login.ok) throw new Error(`The demo owner could not sign in: ${login.status} ${await login.text()}`);
    const session = await login.json();
    return { email, password, token: session.token, businessId: session.user.businessId };
  }
  throw new Error(`The demo business is not there (${lastAnswer}). Server output:\n${server.output()}`);
}

/** A JSON call as the demo owner; fails with the server's answer. */
async function callApi(baseURL, token, method, urlPath, body) {
  const response = await fetch(`${baseURL}${urlPath}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      // A plan change is paid: the key makes a retried request one payment.
      ...(method === 'PUT' ? { 'Idempotency-Key': randomUUID() } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${urlPath}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The demo is on Advanced; the forecast needs Supreme (DESIGN 6). */
async function upgradeToSupreme(baseURL, { token, businessId }) {
  const current = await callApi(baseURL, token, 'GET', `/api/subscriptions/current?businessId=${businessId}`);
  if (current.planId === 'SUPREME') return;
  await callApi(baseURL, token, 'PUT', `/api/subscriptions/${current.id}`, { planId: 'SUPREME' });
}

/**
 * The page's requests in flight. Playwright's "networkidle" never comes on a signed-in page: the
 * alerts' event stream (a fetch with `Accept: text/event-stream`, lib/alert-stream.ts) stays open
 * for the whole visit, so streams are left out here.
 */
function trackRequests(page) {
  const pending = new Set();
  let lastChange = Date.now();
  page.on('request', (request) => {
    const accept = request.headers().accept ?? '';
    if (request.resourceType() === 'eventsource' || accept.includes('text/event-stream')) return;
    pending.add(request);
    lastChange = Date.now();
  });
  const done = (request) => {
    if (pending.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    /** Resolves once nothing has been in flight for `quietMs`. */
    async waitForQuiet(quietMs = 500) {
      const deadline = Date.now() + SCREEN_TIMEOUT_MS;
      while (pending.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) {
          const urls = [...pending].map((request) => request.url()).join(', ');
          throw new Error(`requests still in flight after ${SCREEN_TIMEOUT_MS} ms: ${urls}`);
        }
        await sleep(100);
      }
    },
  };
}

/**
 * What the forecast screen shows: the whole business when the server answers its forecast, else
 * the first store it answers for, else the busiest product it answers for. (The forecast answers
 * 500 when one of its products has a day that nets below zero after refunds, which the demo's
 * random refunds can make: the fallback keeps the screen real, and the run says so.)
 */
async function findForecastSubject(baseURL, { token }) {
  const answers = async (filter) => {
    const response = await fetch(`${baseURL}/api/reports/predict?forecastPeriod=30`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ filter }),
    });
    return response.ok;
  };
  if (await answers({})) return {};
  const stores = await callApi(baseURL, token, 'GET', '/api/stores');
  for (const store of stores) {
    if (await answers({ storeId: store.id })) return warnForecast({ storeName: store.name });
  }
  // The busiest product first: many units a day draw a steadier chart than a few.
  const candidates = [];
  for (const store of stores) {
    for (const row of await bestSellersOf(baseURL, token, store.id)) candidates.push({ store, ...row });
  }
  candidates.sort((a, b) => b.quantity - a.quantity);
  for (const { store, sku } of candidates) {
    const product = await callApi(
      baseURL,
      token,
      'GET',
      `/api/products/sku/${sku}/location/${store.locationId}`,
    );
    if (await answers({ storeId: store.id, productId: product.id })) {
      return warnForecast({ storeName: store.name, sku });
    }
  }
  throw new Error('the server answered no forecast: not for the business, a store, nor a product');
}

/** A store's five best sellers by units over the last four weeks: their SKUs and units. */
async function bestSellersOf(baseURL, token, storeId) {
  const pad = (value) => String(value).padStart(2, '0');
  // The analytics' dates are DD-MM-YYYY HH:mm in the business's time zone: the demo's is this host's.
  const day = (date) => `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
  const query = new URLSearchParams({
    storeId,
    start: `${day(new Date(Date.now() - 28 * 86_400_000))} 00:00`,
    end: `${day(new Date())} 23:59`,
    limit: '5',
  });
  const rows = await callApi(baseURL, token, 'GET', `/api/sales-analytics/top-quantity?${query.toString()}`);
  return rows.map((row) => ({ sku: row.sku, quantity: row.quantity }));
}

function warnForecast(subject) {
  const what = subject.sku ? `${subject.sku} at ${subject.storeName}` : subject.storeName;
  console.warn(`forecast: the business's forecast failed on the server; the shot shows ${what}`);
  return subject;
}

/** The demo has no loyalty programme; the site shows the tiered one running. */
async function startLoyaltyProgramme(baseURL, { token }) {
  const templates = await callApi(baseURL, token, 'GET', '/api/loyalty-templates');
  const tiered = templates.find((template) => template.builtIn && template.type === 'TIERED');
  if (!tiered) throw new Error('The built-in tiered loyalty template is missing.');
  await callApi(baseURL, token, 'POST', `/api/business/loyalty-program/activate/${tiered.id}`);
}

/**
 * Waits until the page is quiet: no request in flight, no skeleton or spinner left, every image
 * decoded, the fonts loaded; then a moment for the charts to finish drawing.
 */
async function settle(page, requests) {
  await requests.waitForQuiet();
  await page.waitForFunction(
    () => {
      const busy = document.querySelectorAll(
        '.MuiSkeleton-root, .MuiCircularProgress-root, .MuiLinearProgress-indeterminate, [aria-busy="true"]',
      );
      return (
        busy.length === 0 &&
        [...document.images].every((image) => image.complete && image.naturalWidth > 0) &&
        document.fonts.status === 'loaded'
      );
    },
    undefined,
    { timeout: SCREEN_TIMEOUT_MS },
  );
  await requests.waitForQuiet();
  // No focus ring or text selection left by the steps (the fields are filled as a person would).
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
  // Away from anything that shows a tooltip or a hover colour.
  await page.mouse.move(VIEWPORT.width - 2, VIEWPORT.height - 2);
  await sleep(400);
}

/** Scrolls the window so that `locator` ends just above the window's bottom edge. */
async function scrollToBottom(page, locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element to scroll to is not on the page');
  await page.evaluate((by) => window.scrollBy(0, by), box.y + box.height - (VIEWPORT.height - 8));
}

/** Signs in through the real login page and waits for the dashboard. */
async function signIn(page, { email, password }) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail or username' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: SCREEN_TIMEOUT_MS });
}

/**
 * The screens, in the manifest's order. Each opens its screen and waits for what makes it worth
 * showing; `settle` and the shot follow. `context.upgrade()` moves the demo to Supreme.
 */
const SCREENS = [
  {
    name: 'dashboard',
    async open(page) {
      await page.goto('/dashboard');
      const sales = page.getByRole('region', { name: 'Sales' });
      await sales.getByRole('heading', { name: /^Last \d+ days$/ }).waitFor();
      await page.getByRole('region', { name: 'Low stock' }).getByRole('list').waitFor();
      await page.getByRole('heading', { name: 'All areas' }).waitFor();
    },
  },
  {
    name: 'products',
    async open(page) {
      await page.goto('/dashboard/product');
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .waitFor();
    },
  },
  {
    name: 'stock',
    async open(page) {
      await page.goto('/dashboard/inventory');
      await page
        .getByRole('button', { name: /^Adjust / })
        .first()
        .waitFor();
    },
  },
  {
    name: 'movements',
    async open(page) {
      await page.goto('/dashboard/inventory?tab=movements');
      // A header row and at least one movement.
      await page.getByRole('table', { name: 'Stock movements' }).getByRole('row').nth(1).waitFor();
    },
  },
  {
    name: 'till',
    async open(page) {
      await page.goto('/dashboard/inventory?tab=till');
      const scan = page.getByLabel('Scan or type a barcode or SKU');
      for (const sku of TILL_SKUS) {
        await scan.fill(sku);
        await scan.press('Enter');
        await page
          .getByRole('cell', { name: new RegExp(sku) })
          .first()
          .waitFor();
      }
      // Two of the first: the stepper shows a basket of more than single items.
      await scan.fill(TILL_SKUS[0]);
      await scan.press('Enter');
      await page.getByText(`Subtotal (${TILL_SKUS.length + 1} items)`).waitFor();
    },
  },
  {
    name: 'rewards',
    async open(page, context) {
      // The demo runs no loyalty programme: the tiered one is started as an owner would, from its
      // built-in template (through the API: the page's own button leaves a toast on the shot).
      await context.startLoyaltyProgramme();
      await page.goto('/dashboard/rewards');
      const running = page.getByRole('region', { name: 'Running programme' });
      await running.getByRole('table', { name: 'Tiers' }).waitFor();
    },
  },
  {
    name: 'broadcast',
    async open(page) {
      await page.goto('/dashboard/broadcast');
      await page.getByText('Stocktake on Sunday').first().waitFor();
      // A note being written, so the preview shows one; it is not sent.
      await page.getByLabel('Title').fill('Delivery moves to 6:00 on Friday');
      await page
        .getByLabel('Message')
        .fill('The bakery van comes an hour early this Friday. Please have the back door open by 5:50.');
      await page.getByRole('button', { name: 'Warning' }).click();
      await page.getByLabel('One store').check();
      await page.getByRole('combobox', { name: 'Store', exact: true }).click();
      await page.getByRole('option', { name: 'Demo Market Riverside' }).click();
    },
  },
  {
    name: 'analytics',
    async open(page) {
      await page.goto('/dashboard/analytics/basic');
      await page.locator('.MuiChartsSurface-root').first().waitFor();
      // Thirty whole days up to yesterday: today's half-day would end the trend in a drop.
      const { from, to } = await page.evaluate(() => {
        const iso = (date) =>
          `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
        const yesterday = new Date();
        yesterday.setDate(yesterday.getDate() - 1);
        const first = new Date(yesterday);
        first.setDate(first.getDate() - 29);
        return { from: iso(first), to: iso(yesterday) };
      });
      await page.getByLabel('To', { exact: true }).fill(to);
      await page.getByLabel('From', { exact: true }).fill(from);
      await page.locator('.MuiChartsSurface-root').first().waitFor();
    },
  },
  {
    name: 'report',
    async open(page) {
      await page.goto('/dashboard/analytics/advanced');
      await page.getByRole('tab', { name: 'Ask' }).click();
      const question = page.getByRole('textbox', { name: 'Ask a question about your business' });
      await question.fill(REPORT_QUESTION);
      await question.press('Enter');
      const answer = page.getByRole('region', { name: 'Answer' });
      await answer.getByRole('table').first().waitFor({ timeout: SCREEN_TIMEOUT_MS });
      // The question and the answer with its chart whole; the chart's empty right end, not the
      // table's figures, is under the scroll-to-top button.
      await scrollToBottom(page, answer.locator('.MuiChartsSurface-root').first());
    },
  },
  {
    name: 'forecast',
    async open(page, context) {
      await context.upgrade();
      const subject = await context.findForecastSubject();
      await page.goto('/dashboard/analytics/supreme');
      await page.getByRole('tab', { name: 'Forecast' }).click();
      const form = page.getByRole('form', { name: 'Forecast' });
      if (subject.storeName) {
        await form.getByRole('combobox', { name: 'Store' }).click();
        await page.getByRole('option', { name: subject.storeName, exact: true }).click();
      }
      if (subject.sku) {
        await form.getByRole('combobox', { name: 'Product' }).fill(subject.sku);
        await page.getByRole('option', { name: new RegExp(`^${subject.sku}`) }).click();
      }
      await form.getByRole('button', { name: 'Forecast', exact: true }).click();
      // "Expected sales" for the business or a store, "Expected units" for a product.
      await page
        .getByText(/^Expected (sales|units)$/)
        .first()
        .waitFor({ timeout: SCREEN_TIMEOUT_MS });
      // The answer's figures and its chart, the form's choices above them.
      await scrollToBottom(page, page.locator('.MuiChartsSurface-root').first());
    },
  },
  {
    name: 'access',
    async open(page) {
      await page.goto('/dashboard/access');
      await page.getByText('Adam Okafor').first().waitFor();
    },
  },
  {
    name: 'stores',
    async open(page) {
      await page.goto('/dashboard/stores');
      const stores = page.getByRole('list', { name: 'Stores' });
      await stores.getByText('Demo Market Riverside').first().waitFor();
      await page.getByRole('button', { name: 'QR code of Demo Market Riverside' }).click();
      await page.getByRole('img', { name: 'QR code of Demo Market Riverside' }).waitFor();
    },
  },
  {
    name: 'subscription',
    async open(page) {
      // Signed in, the plans page marks the business's plan (Supreme since the forecast shot).
      await page.goto('/subscription-plans');
      await page.getByText('Your plan').first().waitFor();
    },
  },
];

/** The WebP files of one screenshot; answers the manifest entry and the byte sizes. */
async function encode(name, png) {
  const sizes = [];
  let version = '';
  for (const width of WIDTHS) {
    const file = path.join(OUT_DIR, `${name}-${width}.webp`);
    const bytes = await sharp(png).resize({ width }).webp(WEBP).toBuffer();
    writeFileSync(file, bytes);
    sizes.push(bytes.length);
    if (width === VIEWPORT.width) version = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
  }
  return { entry: { width: VIEWPORT.width, height: VIEWPORT.height, version }, sizes };
}

async function captureAll(baseURL, owner) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL,
      viewport: VIEWPORT,
      deviceScaleFactor: 1,
      colorScheme: 'light',
      reducedMotion: 'reduce',
    });
    context.setDefaultTimeout(30_000);
    context.setDefaultNavigationTimeout(SCREEN_TIMEOUT_MS);
    await context.addCookies([{ ...CONSENT_COOKIE, url: baseURL }]);
    const page = await context.newPage();
    const requests = trackRequests(page);
    await signIn(page, owner);

    mkdirSync(OUT_DIR, { recursive: true });
    const manifest = {};
    let total = 0;
    const shotContext = {
      upgrade: () => upgradeToSupreme(baseURL, owner),
      startLoyaltyProgramme: () => startLoyaltyProgramme(baseURL, owner),
      findForecastSubject: () => findForecastSubject(baseURL, owner),
    };
    for (const screen of SCREENS) {
      try {
        await screen.open(page, shotContext);
        await settle(page, requests);
      } catch (error) {
        // What the page showed instead, for the person reading the message.
        const seen = path.join(tmpdir(), `site-screenshot-failed-${screen.name}.png`);
        await page.screenshot({ path: seen }).catch(() => undefined);
        throw new Error(
          `The "${screen.name}" screen did not get ready at ${page.url()} (the page as it was: ${seen}): ${error.message}`,
          { cause: error },
        );
      }
      const png = await page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
      const { entry, sizes } = await encode(screen.name, png);
      manifest[screen.name] = entry;
      total += sizes.reduce((sum, size) => sum + size, 0);
      const described = WIDTHS.map((width, i) => `${width}: ${(sizes[i] / 1024).toFixed(1)} KiB`).join(', ');
      console.log(`${screen.name.padEnd(13)} ${described}`);
    }
    writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(`${SCREENS.length * WIDTHS.length} files, ${(total / 1024).toFixed(1)} KiB in all`);
  } finally {
    await browser.close();
  }
}

/**
 * The screens taken are the ones the web shows: a name added to or dropped from SCREENSHOT_NAMES
 * (site-page.ts) without this script following fails here, before a minute of seeding.
 */
function checkNamesAgainstSite() {
  const model = readFileSync(SITE_PAGE_MODEL, 'utf8');
  const list = /SCREENSHOT_NAMES = \[([^\]]*)\]/.exec(model)?.[1];
  if (!list) throw new Error(`SCREENSHOT_NAMES was not found in ${path.relative(ROOT, SITE_PAGE_MODEL)}.`);
  const wanted = [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]);
  const taken = SCREENS.map((screen) => screen.name);
  if (wanted.join() !== taken.join()) {
    throw new Error(`The site shows [${wanted.join(', ')}], this script takes [${taken.join(', ')}].`);
  }
}

async function main() {
  checkNamesAgainstSite();
  for (const file of [SERVER_MAIN, WEB_INDEX]) {
    if (!existsSync(file)) {
      throw new Error(`${path.relative(ROOT, file)} is missing: run \`npm run build\` first.`);
    }
  }
  console.log('starting the server and seeding the demo business (about a minute)');
  const server = await startServer();
  // Ctrl+C still stops the server and removes its folder.
  const interrupt = () => {
    void server.stop().then(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const owner = await waitForDemo(server);
    await captureAll(server.baseURL, owner);
  } finally {
    await server.stop();
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}

main().catch((error) => {
  console.error(`site screenshots failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
