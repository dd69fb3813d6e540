/**
 * Where the Azure storage emulator (Azurite) listens by default, with its account. These are the
 * emulator's published development credentials, the same in every installation: not a secret.
 */
export const DEVELOPMENT_STORAGE = {
  blobEndpoint: 'http://127.0.0.1:10000/devstoreaccount1',
  accountName: 'devstoreaccount1',
  accountKey: 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==',
} as const;

/** What a connection string says: the blob endpoint and how to sign in to it. */
export type AzureStorageConnection =
  | { blobEndpoint: string; accountName: string; accountKey: string }
  | { blobEndpoint: string; sharedAccessSignature: string };

const KEYS = [
  'UseDevelopmentStorage',
  'DefaultEndpointsProtocol',
  'AccountName',
  'AccountKey',
  'EndpointSuffix',
  'BlobEndpoint',
  'QueueEndpoint',
  'TableEndpoint',
  'FileEndpoint',
  'SharedAccessSignature',
] as const;
type Key = (typeof KEYS)[number];
const KEY_BY_LOWER = new Map<string, Key>(KEYS.map((key) => [key.toLowerCase(), key]));

const ACCOUNT_NAME = /^[a-z0-9]{3,24}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const CHOICES =
  'give UseDevelopmentStorage=true (Azurite on this machine), ' +
  'DefaultEndpointsProtocol=https;AccountName=...;AccountKey=...;EndpointSuffix=core.windows.net ' +
  '(optionally with BlobEndpoint=...), or BlobEndpoint=https://...;SharedAccessSignature=...';

/**
 * Reads an Azure Storage connection string as the Azure portal gives it, or answers the reason it
 * is refused. The reason names keys only, never a value: the string holds the account key.
 *
 * Keys are matched without regard to case, as Azure's own tools do; an unknown or repeated key is
 * refused rather than ignored, since it is most likely a typo that would otherwise surface as an
 * authentication failure on the first upload. Without BlobEndpoint the endpoint is made from
 * DefaultEndpointsProtocol (https by default), the account and EndpointSuffix (core.windows.net
 * by default). The SDK's own parser is not used: it needs DefaultEndpointsProtocol next to an
 * AccountKey even when BlobEndpoint is given, and reports the wrong key when it is missing.
 */
export function parseAzureConnectionString(text: string): AzureStorageConnection | string {
  const values = new Map<Key, string>();
  for (const part of text.split(';')) {
    const entry = part.trim();
    if (!entry) continue;
    const equals = entry.indexOf('=');
    const rawKey = (equals < 0 ? entry : entry.slice(0, equals)).trim();
    const key = KEY_BY_LOWER.get(rawKey.toLowerCase());
    // The raw key is echoed only when it looks like a key: a pasted key value must not be shown.
    const shown = /^[A-Za-z]{1,40}$/.test(rawKey) ? rawKey : 'a part';
    if (equals < 0) return `${shown} has no "=": it is not a connection string; ${CHOICES}`;
    if (!key) return `${shown} is not a key of an Azure Storage connection string; ${CHOICES}`;
    if (values.has(key)) return `${key} is given twice`;
    const value = entry.slice(equals + 1).trim();
    if (!value) return `${key} is empty`;
    values.set(key, value);
  }

  if (values.has('UseDevelopmentStorage')) {
    if (values.get('UseDevelopmentStorage')?.toLowerCase() !== 'true')
      return 'UseDevelopmentStorage can only be true';
    if (values.size > 1) return 'UseDevelopmentStorage=true stands alone; give the other keys without it';
    return { ...DEVELOPMENT_STORAGE };
  }

  const blobEndpoint = values.get('BlobEndpoint');
  if (blobEndpoint !== undefined && !isEndpoint(blobEndpoint))
    return 'BlobEndpoint must be an http:// or https:// URL without a query';
  const accountName = values.get('AccountName');
  const accountKey = values.get('AccountKey');
  const sharedAccessSignature = values.get('SharedAccessSignature');

  if (accountKey !== undefined) {
    if (sharedAccessSignature !== undefined)
      return 'give either AccountKey or SharedAccessSignature, not both';
    if (accountName === undefined) return `AccountName is missing beside AccountKey; ${CHOICES}`;
    if (!ACCOUNT_NAME.test(accountName)) return 'AccountName must be 3 to 24 lowercase letters and digits';
    if (!BASE64.test(accountKey)) return 'AccountKey must be the base64 key the Azure portal shows';
    const protocol = (values.get('DefaultEndpointsProtocol') ?? 'https').toLowerCase();
    if (protocol !== 'https' && protocol !== 'http') return 'DefaultEndpointsProtocol must be https or http';
    const suffix = values.get('EndpointSuffix') ?? 'core.windows.net';
    if (!/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(suffix))
      return 'EndpointSuffix must be a domain such as core.windows.net';
    return {
      blobEndpoint: withoutTrailingSlash(blobEndpoint ?? `${protocol}://${accountName}.blob.${suffix}`),
      accountName,
      accountKey,
    };
  }

  if (sharedAccessSignature !== undefined) {
    if (blobEndpoint === undefined) return 'BlobEndpoint is missing beside SharedAccessSignature';
    const signature = sharedAccessSignature.replace(/^\?/, '');
    if (!/(^|&)sig=/.test(signature)) return 'SharedAccessSignature must be a SAS token with its sig=';
    return { blobEndpoint: withoutTrailingSlash(blobEndpoint), sharedAccessSignature: signature };
  }

  return `neither AccountKey nor SharedAccessSignature is given; ${CHOICES}`;
}

function isEndpoint(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash;
  } catch {
    return false;
  }
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
