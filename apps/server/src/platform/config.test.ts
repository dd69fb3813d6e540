import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVELOPMENT_STORAGE, parseAzureConnectionString } from './blobs/azure-connection-string.js';
import { ConfigError, loadConfig } from './config.js';

const SECRET = 'a-test-secret-of-more-than-32-characters';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-config-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** The message of the ConfigError that loadConfig throws for `env`; fails if it throws nothing else. */
function configErrorOf(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  describe('defaults', () => {
    it('listens on port 8080 on all interfaces with the app URL taken from the port', () => {
      const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET });
      expect(config.port).toBe(8080);
      expect(config.host).toBe('0.0.0.0');
      expect(config.appUrl).toBe('http://localhost:8080');
      expect(config.databaseUrl).toBeUndefined();
      expect(config.smtpUrl).toBeUndefined();
      expect(config.logLevel).toBe('info');
      expect(config.trustProxy).toBe(false);
      expect(config.devMailbox).toBe(false);
      expect(config.authRateLimit).toBe(10);
      expect(config.bodyLimitBytes).toBe(1024 * 1024);
      expect(config.compression).toBe(true);
    });

    it('turns compression off with COMPRESSION=off', () => {
      expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, COMPRESSION: 'off' }).compression).toBe(
        false,
      );
    });

    it('derives the app URL from another port', () => {
      expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, PORT: '3000' }).appUrl).toBe(
        'http://localhost:3000',
      );
    });

    it('keeps a given APP_URL without its trailing slash', () => {
      const config = loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: SECRET,
        APP_URL: 'https://shop.example.com/',
      });
      expect(config.appUrl).toBe('https://shop.example.com');
    });

    it('resolves DATA_DIR to an absolute path, ./data by default', () => {
      expect(loadConfig({ JWT_SECRET: SECRET }).dataDir).toBe(path.resolve('data'));
      const relative = path.relative(process.cwd(), dataDir);
      expect(path.isAbsolute(relative)).toBe(false);
      expect(loadConfig({ DATA_DIR: relative, JWT_SECRET: SECRET }).dataDir).toBe(dataDir);
    });

    it('treats empty DATABASE_URL, SMTP_URL and APP_URL as unset', () => {
      const config = loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: SECRET,
        DATABASE_URL: '',
        SMTP_URL: '',
        APP_URL: '',
      });
      expect(config.databaseUrl).toBeUndefined();
      expect(config.smtpUrl).toBeUndefined();
      expect(config.appUrl).toBe('http://localhost:8080');
    });

    it('accepts postgres://, postgresql://, smtp:// and smtps:// URLs', () => {
      expect(
        loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, DATABASE_URL: 'postgres://u:p@db:5432/app' })
          .databaseUrl,
      ).toBe('postgres://u:p@db:5432/app');
      expect(
        loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, DATABASE_URL: 'postgresql://db/app' })
          .databaseUrl,
      ).toBe('postgresql://db/app');
      expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, SMTP_URL: 'smtp://mail:25' }).smtpUrl).toBe(
        'smtp://mail:25',
      );
      expect(
        loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, SMTP_URL: 'smtps://u:p@mail:465' }).smtpUrl,
      ).toBe('smtps://u:p@mail:465');
    });
  });

  describe('JWT secret', () => {
    it('generates a secret into DATA_DIR/jwt-secret, readable by the owner only', () => {
      const config = loadConfig({ DATA_DIR: dataDir });
      const file = path.join(dataDir, 'jwt-secret');
      expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(file, 'utf8').trim()).toBe(config.jwtSecret);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    });

    it('reads the same secret again on the next load, so sessions survive a restart', () => {
      const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
      const second = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
      expect(second).toBe(first);
    });

    it('creates DATA_DIR when it does not exist yet', () => {
      const nested = path.join(dataDir, 'not', 'yet');
      const config = loadConfig({ DATA_DIR: nested });
      expect(readFileSync(path.join(nested, 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
    });

    it('replaces a stored secret that is too short', () => {
      writeFileSync(path.join(dataDir, 'jwt-secret'), 'short\n');
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(config.jwtSecret).not.toBe('short');
      expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    });

    it('uses JWT_SECRET when given and writes no file', () => {
      const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET });
      expect(config.jwtSecret).toBe(SECRET);
      expect(() => statSync(path.join(dataDir, 'jwt-secret'))).toThrow();
    });
  });

  describe('TRUST_PROXY', () => {
    const trustProxyOf = (value: string) =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, TRUST_PROXY: value }).trustProxy;

    it('trusts no proxy when unset, empty, false or 0', () => {
      expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).trustProxy).toBe(false);
      expect(trustProxyOf('')).toBe(false);
      expect(trustProxyOf('false')).toBe(false);
      expect(trustProxyOf('0')).toBe(false);
    });

    it('takes a hop count', () => {
      expect(trustProxyOf('1')).toBe(1);
      expect(trustProxyOf('2')).toBe(2);
    });

    it('takes a comma-separated list of addresses and CIDRs', () => {
      expect(trustProxyOf('127.0.0.1')).toEqual(['127.0.0.1']);
      expect(trustProxyOf('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual([
        '127.0.0.1',
        '10.0.0.0/8',
        '::1',
        'fd00::/8',
        'loopback',
      ]);
    });

    it('refuses true, which would trust every hop, and explains the choices', () => {
      const message = configErrorOf({ TRUST_PROXY: 'true' });
      expect(message).toContain('TRUST_PROXY');
      expect(message).toContain('every hop');
      expect(message).toContain('TRUST_PROXY=1');
      expect(message).toContain('TRUST_PROXY=127.0.0.1,10.0.0.0/8');
    });
  });

  describe('DEV_MAILBOX', () => {
    it('is off unless set to 1', () => {
      expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).devMailbox).toBe(false);
      expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, DEV_MAILBOX: '0' }).devMailbox).toBe(false);
      expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, DEV_MAILBOX: '1' }).devMailbox).toBe(true);
    });

    it('stays off with SMTP_URL, where no mail is written to list', () => {
      const config = loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: SECRET,
        DEV_MAILBOX: '1',
        SMTP_URL: 'smtp://mail:25',
      });
      expect(config.devMailbox).toBe(false);
    });
  });

  describe('AI_BASE_URL', () => {
    const modelOf = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, ...env }).languageModel;

    it('is the built-in analyst unset, and the model with its key, name and time limit when set', () => {
      expect(modelOf({})).toBeNull();
      expect(
        modelOf({
          AI_BASE_URL: 'http://127.0.0.1:11434/v1',
          AI_API_KEY: 'sk-x',
          AI_MODEL: 'qwen2.5',
          AI_TIMEOUT_SECONDS: '30',
        }),
      ).toEqual({
        baseUrl: 'http://127.0.0.1:11434/v1',
        apiKey: 'sk-x',
        model: 'qwen2.5',
        questionTimeoutMs: 30_000,
      });
    });

    it('needs the key and the model, and never repeats the key in its refusal', () => {
      expect(() => modelOf({ AI_BASE_URL: 'https://api.openai.com/v1' })).toThrow(/AI_API_KEY and AI_MODEL/);
      expect(() =>
        modelOf({ AI_BASE_URL: 'https://x', AI_API_KEY: 'k', AI_MODEL: 'm', AI_TIMEOUT_SECONDS: '0' }),
      ).toThrow(/AI_TIMEOUT_SECONDS/);
      let refusal = '';
      try {
        modelOf({ AI_BASE_URL: 'ftp://x', AI_API_KEY: 'sk-secret-1', AI_MODEL: 'm' });
      } catch (error) {
        refusal = String(error);
      }
      expect(refusal).toMatch(/AI_BASE_URL: must be an http\(s\) URL/);
      expect(refusal).not.toContain('sk-secret-1');
    });
  });

  describe('DATABASE_REPLICA_URL', () => {
    const PRIMARY = 'postgres://owner:pw@primary:5432/shop';
    const replicaOf = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, ...env }).readReplica;

    it('is unset (every read on the primary) when missing or empty', () => {
      expect(replicaOf({ DATABASE_URL: PRIMARY })).toBeUndefined();
      expect(replicaOf({ DATABASE_URL: PRIMARY, DATABASE_REPLICA_URL: '' })).toBeUndefined();
    });

    it('takes the address with a lag of at most 30 s, or DATABASE_REPLICA_MAX_LAG_SECONDS', () => {
      const url = 'postgres://replica:5433/shop?sslmode=require';
      expect(replicaOf({ DATABASE_URL: PRIMARY, DATABASE_REPLICA_URL: url })).toEqual({
        url,
        maxLagMs: 30_000,
      });
      expect(
        replicaOf({
          DATABASE_URL: PRIMARY,
          DATABASE_REPLICA_URL: url,
          DATABASE_REPLICA_MAX_LAG_SECONDS: '2',
        }),
      ).toEqual({ url, maxLagMs: 2_000 });
    });

    it('refuses credentials in the URL (the reads log in as the request role) without repeating them', () => {
      const message = configErrorOf({
        DATABASE_URL: PRIMARY,
        DATABASE_REPLICA_URL: 'postgres://owner:hunter2-secret@replica/shop',
      });
      expect(message).toMatch(/DATABASE_REPLICA_URL: must name only host, port and database/);
      expect(message).not.toContain('hunter2-secret');
    });

    it('refuses a replica without DATABASE_URL, another scheme and a lag out of range', () => {
      expect(configErrorOf({ DATABASE_REPLICA_URL: 'postgres://replica/shop' })).toMatch(
        /DATABASE_REPLICA_URL: needs DATABASE_URL/,
      );
      expect(configErrorOf({ DATABASE_URL: PRIMARY, DATABASE_REPLICA_URL: 'mysql://replica/shop' })).toMatch(
        /DATABASE_REPLICA_URL: must be a postgres:\/\/ URL/,
      );
      expect(configErrorOf({ DATABASE_REPLICA_MAX_LAG_SECONDS: '0' })).toMatch(
        /DATABASE_REPLICA_MAX_LAG_SECONDS/,
      );
    });
  });

  describe('STRIPE_SECRET_KEY', () => {
    const stripeOf = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, ...env }).stripe;

    it('is unset (the sandbox) without a key, and takes the key, the secret and a test API', () => {
      expect(stripeOf({})).toBeUndefined();
      expect(stripeOf({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' })).toBeUndefined();
      expect(
        stripeOf({
          STRIPE_SECRET_KEY: 'sk_test_abc123',
          STRIPE_WEBHOOK_SECRET: 'whsec_def456',
          STRIPE_API_URL: 'http://127.0.0.1:12111',
        }),
      ).toEqual({
        secretKey: 'sk_test_abc123',
        webhookSecret: 'whsec_def456',
        apiUrl: 'http://127.0.0.1:12111',
      });
    });

    it('refuses a key without the webhook secret, and a bad key without repeating it', () => {
      expect(() => stripeOf({ STRIPE_SECRET_KEY: 'sk_live_abc123' })).toThrow(
        /STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY/,
      );
      let message = '';
      try {
        stripeOf({ STRIPE_SECRET_KEY: 'pk_live_publishable99', STRIPE_WEBHOOK_SECRET: 'whsec_x1' });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/STRIPE_SECRET_KEY: must be a Stripe secret key .*\(value not shown\)/);
      expect(message).not.toContain('publishable99');
    });
  });

  describe('AZURE_STORAGE_CONNECTION_STRING', () => {
    // A made-up key of the right shape; the emulator's well-known key is used for Azurite.
    const KEY = Buffer.alloc(64, 42).toString('base64');
    const PORTAL = `DefaultEndpointsProtocol=https;AccountName=shopfiles;AccountKey=${KEY};EndpointSuffix=core.windows.net`;
    const azureOf = (value: string) =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, AZURE_STORAGE_CONNECTION_STRING: value })
        .azureStorageConnectionString;

    it('is unset (files in DATA_DIR/blobs) when missing or empty', () => {
      expect(
        loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).azureStorageConnectionString,
      ).toBeUndefined();
      expect(azureOf('')).toBeUndefined();
    });

    it("accepts the portal's account-key string and makes the blob endpoint from it", () => {
      expect(azureOf(PORTAL)).toBe(PORTAL);
      expect(parseAzureConnectionString(PORTAL)).toEqual({
        blobEndpoint: 'https://shopfiles.blob.core.windows.net',
        accountName: 'shopfiles',
        accountKey: KEY,
      });
      // Keys in any case, spaces and a trailing `;` as copied; https and core.windows.net by default.
      expect(parseAzureConnectionString(` accountname=shopfiles; ACCOUNTKEY=${KEY} ;`)).toEqual({
        blobEndpoint: 'https://shopfiles.blob.core.windows.net',
        accountName: 'shopfiles',
        accountKey: KEY,
      });
      expect(
        parseAzureConnectionString(
          `AccountName=shopfiles;AccountKey=${KEY};EndpointSuffix=core.chinacloudapi.cn`,
        ),
      ).toMatchObject({ blobEndpoint: 'https://shopfiles.blob.core.chinacloudapi.cn' });
    });

    it('accepts an account key with an explicit BlobEndpoint, as for Azurite', () => {
      const azurite = `DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=${DEVELOPMENT_STORAGE.accountKey};BlobEndpoint=http://127.0.0.1:41234/devstoreaccount1/;`;
      expect(azureOf(azurite)).toBe(azurite);
      expect(parseAzureConnectionString(azurite)).toEqual({
        blobEndpoint: 'http://127.0.0.1:41234/devstoreaccount1',
        accountName: 'devstoreaccount1',
        accountKey: DEVELOPMENT_STORAGE.accountKey,
      });
    });

    it('accepts a SAS connection string, with or without the leading ?', () => {
      const sas = 'sv=2024-11-04&ss=b&srt=sco&sp=rwdlc&se=2030-01-01T00:00:00Z&sig=abc%2Bdef%3D';
      for (const signature of [sas, `?${sas}`]) {
        const value = `BlobEndpoint=https://shopfiles.blob.core.windows.net/;QueueEndpoint=https://shopfiles.queue.core.windows.net/;SharedAccessSignature=${signature}`;
        expect(azureOf(value)).toBe(value);
        expect(parseAzureConnectionString(value)).toEqual({
          blobEndpoint: 'https://shopfiles.blob.core.windows.net',
          sharedAccessSignature: sas,
        });
      }
    });

    it("accepts UseDevelopmentStorage=true: Azurite's default port and account", () => {
      expect(azureOf('UseDevelopmentStorage=true')).toBe('UseDevelopmentStorage=true');
      expect(parseAzureConnectionString('UseDevelopmentStorage=true;')).toEqual({ ...DEVELOPMENT_STORAGE });
    });

    it.each([
      ['not a connection string', 'no "="'],
      ['https://shopfiles.blob.core.windows.net', 'no "="'],
      [`AccountName=shopfiles;AcountKey=${KEY}`, 'AcountKey is not a key'],
      [`AccountName=shopfiles;AccountName=other;AccountKey=${KEY}`, 'AccountName is given twice'],
      [`AccountKey=${KEY}`, 'AccountName is missing'],
      [`AccountName=Shop_Files;AccountKey=${KEY}`, 'AccountName must be'],
      ['AccountName=shopfiles;AccountKey=not base64!', 'AccountKey must be'],
      ['AccountName=shopfiles;AccountKey=', 'AccountKey is empty'],
      [`DefaultEndpointsProtocol=ftp;AccountName=shopfiles;AccountKey=${KEY}`, 'DefaultEndpointsProtocol'],
      [`AccountName=shopfiles;AccountKey=${KEY};BlobEndpoint=ftp://files`, 'BlobEndpoint must be'],
      [`AccountName=shopfiles;AccountKey=${KEY};SharedAccessSignature=sig=x`, 'not both'],
      [
        'BlobEndpoint=https://shopfiles.blob.core.windows.net',
        'neither AccountKey nor SharedAccessSignature',
      ],
      ['SharedAccessSignature=sv=1&sig=x', 'BlobEndpoint is missing'],
      ['BlobEndpoint=https://x.blob.core.windows.net;SharedAccessSignature=sv=1', 'sig='],
      ['UseDevelopmentStorage=false', 'can only be true'],
      [`UseDevelopmentStorage=true;AccountName=shopfiles;AccountKey=${KEY}`, 'stands alone'],
    ])('refuses %s, saying why', (value, reason) => {
      const message = configErrorOf({ AZURE_STORAGE_CONNECTION_STRING: value });
      expect(message).toContain('AZURE_STORAGE_CONNECTION_STRING');
      expect(message).toContain(reason);
    });

    it('never repeats the value in its message: it holds the account key', () => {
      for (const value of [
        `AccountName=shopfiles;AcountKey=${KEY}`,
        `AccountName=Shop_Files;AccountKey=${KEY}`,
        `${KEY};AccountName=shopfiles`,
        `DefaultEndpointsProtocol=ftp;AccountName=shopfiles;AccountKey=${KEY}`,
      ]) {
        const message = configErrorOf({ AZURE_STORAGE_CONNECTION_STRING: value });
        expect(message).toContain('value not shown');
        expect(message).not.toContain(KEY.slice(0, 16));
        expect(message).not.toContain('Shop_Files');
      }
    });
  });

  describe('bad variables', () => {
    it.each([
      ['PORT', 'abc'],
      ['PORT', '70000'],
      ['PORT', '-1'],
      ['DATABASE_URL', 'mysql://x'],
      ['DATABASE_URL', 'not a url'],
      ['SMTP_URL', 'http://x'],
      ['APP_URL', 'shop.example.com'],
      ['LOG_LEVEL', 'loud'],
      ['JWT_SECRET', 'too-short'],
      ['AUTH_RATE_LIMIT', '0'],
      ['TRUST_PROXY', 'yes'],
      ['TRUST_PROXY', '10.0.0.0/33'],
      ['TRUST_PROXY', '127.0.0.1,proxy.example.com'],
      ['TRUST_PROXY', '1.5'],
      ['DEV_MAILBOX', 'yes'],
      ['COMPRESSION', 'false'],
    ])('refuses %s=%s with a ConfigError naming the variable', (name, value) => {
      const message = configErrorOf({ [name]: value });
      expect(message).toContain(name);
      expect(message).toContain(JSON.stringify(value));
    });

    it('names every bad variable at once', () => {
      const message = configErrorOf({ PORT: 'abc', LOG_LEVEL: 'loud' });
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/LOG_LEVEL/);
    });

    it('writes no JWT secret when the configuration is refused', () => {
      expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'abc' })).toThrow(ConfigError);
      expect(() => statSync(path.join(dataDir, 'jwt-secret'))).toThrow();
    });
  });
});
