/** The public store lookup of a QR code (issue 15): name, opening hours and image, nothing else. */
export const STORE_PATH = '/api/public/stores/';

type PublicStore = { name: string; openingHours: string | null; imageUrl: string | null };

function isPublicStore(value: unknown): value is PublicStore {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.name === 'string' &&
    (record.openingHours === null || typeof record.openingHours === 'string') &&
    (record.imageUrl === null || typeof record.imageUrl === 'string')
  );
}

/**
 * The API answers the image as a path of its own route. Anything else (another origin, `//host`,
 * `javascript:`, `data:`) is not shown: a tampered answer cannot make the page fetch elsewhere.
 */
function isStoreImagePath(url: string | null): url is string {
  return url !== null && url.startsWith(STORE_PATH) && /^[\w-]+\/image$/.test(url.slice(STORE_PATH.length));
}

/** What a shopper reads when the store cannot be shown, by the lookup's answer. */
function messageOf(status: number): { title: string; text: string; canRetry: boolean } {
  if (status === 404 || status === 400)
    return {
      title: 'We could not find this store',
      text: 'The code in this link does not belong to any store. Scan the QR code at the store again, or ask a member of staff.',
      canRetry: false,
    };
  if (status === 429)
    return {
      title: 'Too many lookups',
      text: 'This network has looked up many stores in a short time. Wait a minute, then try again.',
      canRetry: true,
    };
  return {
    title: 'The store could not be loaded',
    text: 'Check your connection and try again.',
    canRetry: true,
  };
}

/**
 * Shows the store of `?store=CODE` in the section the page wrote hidden (`StoreLookup`): nothing
 * without a code; otherwise the section appears at once ("Finding your store…"), then the store
 * or a message with, where trying again can help, a button that does.
 */
export async function showStore(section: HTMLElement, code: string | null): Promise<void> {
  const trimmed = code?.trim() ?? '';
  if (trimmed === '') return;
  const name = section.querySelector<HTMLElement>('[data-store-name]');
  const hours = section.querySelector<HTMLElement>('[data-store-hours]');
  const frame = section.querySelector<HTMLElement>('[data-store-frame]');
  const image = section.querySelector<HTMLImageElement>('[data-store-image]');
  const message = section.querySelector<HTMLElement>('[data-store-message]');
  const retry = section.querySelector<HTMLButtonElement>('[data-store-retry]');
  const setState = (state: 'loading' | 'found' | 'missing') => {
    for (const part of section.querySelectorAll<HTMLElement>('[data-store-state]')) {
      part.hidden = part.dataset.storeState !== state;
    }
    section.setAttribute('aria-busy', String(state === 'loading'));
    // The picture's place stays while loading; afterwards only a picture keeps it.
    const hasPicture = image !== null && !image.hidden;
    if (frame) frame.hidden = state === 'missing' || (state === 'found' && !hasPicture);
  };

  section.hidden = false;
  setState('loading');
  if (name) name.textContent = 'Finding your store…';

  let status = 0;
  let store: PublicStore | null = null;
  try {
    const url = new URL(STORE_PATH + encodeURIComponent(trimmed), window.location.origin);
    // encodeURIComponent keeps dots, and a code of `.` or `..` (or `%2e`) is a dot segment the URL
    // resolves: the lookup would leave its route. No store has such a code, so it is not asked.
    if (url.pathname.length <= STORE_PATH.length || !url.pathname.startsWith(STORE_PATH)) {
      status = 404;
    } else {
      const response = await fetch(url, { credentials: 'omit' });
      status = response.status;
      const body: unknown = response.ok ? await response.json() : null;
      store = isPublicStore(body) ? body : null;
    }
  } catch {
    // No answer at all (offline): the message for a failed load, with Try again.
  }

  if (store) {
    if (name) name.textContent = store.name;
    if (hours)
      hours.textContent = store.openingHours?.trim() || 'The store has not published its opening hours.';
    if (image && isStoreImagePath(store.imageUrl)) {
      image.onerror = () => {
        if (frame) frame.hidden = true;
      };
      image.src = store.imageUrl;
      image.alt = `${store.name}, the store`;
      image.hidden = false;
    }
    document.title = `${store.name} · Scan, Pay & Go`;
    setState('found');
    return;
  }
  const { title, text, canRetry } = messageOf(status);
  if (name) name.textContent = title;
  if (message) message.textContent = text;
  if (retry) {
    retry.hidden = !canRetry;
    retry.onclick = canRetry ? () => void showStore(section, trimmed) : null;
  }
  setState('missing');
}
