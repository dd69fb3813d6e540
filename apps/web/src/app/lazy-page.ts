import type { ComponentType } from 'react';

/** 000 section 9: a page's code that has not arrived after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * Route-level code splitting: each page is its own chunk, loaded on first visit. A chunk that
 * fails or times out rejects, and the router shows its error screen instead of waiting forever.
 */
export function lazyPage<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('The page took too long to load.')), timeoutMs);
    });
    try {
      return { Component: pick(await Promise.race([load(), timeout])) };
    } finally {
      clearTimeout(timer);
    }
  };
}
