import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, lazyPage } from './lazy-page';

const Page = () => null;

describe(lazyPage.name, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the router the component of the loaded chunk', async () => {
    const route = lazyPage(
      async () => ({ Page }),
      (module) => module.Page,
    );
    await expect(route()).resolves.toEqual({ Component: Page });
  });

  it('fails a chunk that has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    const route = lazyPage(
      () => new Promise<{ Page: typeof Page }>(() => undefined),
      (module) => module.Page,
    );
    const loading = route();
    const assertion = expect(loading).rejects.toThrow('The page took too long to load.');
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('passes on a failed chunk', async () => {
    const route = lazyPage(
      () => Promise.reject(new Error('offline')),
      () => Page,
    );
    await expect(route()).rejects.toThrow('offline');
  });
});
