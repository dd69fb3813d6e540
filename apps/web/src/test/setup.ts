import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Files share a worker's module registry (isolate: false in vitest.config.ts): the app's own modules
// are evaluated again for each file, so that the state they keep (the first render done, toasts
// asked for, downloaded images, the session's last activity) starts fresh, while React, MUI and
// the other dependencies stay loaded.
vi.resetModules();

// findBy* waits 1 s by default; lazy routes and MUI transitions on a loaded CI machine need more.
configure({ asyncUtilTimeout: 5_000 });

// A file may run in Node (`@vitest-environment node`: the site's build renders there).
const hasDom = typeof window !== 'undefined';

// jsdom has no layout; scroll restoration and scroll-to-top only need the call to exist.
if (hasDom) window.scrollTo = () => undefined;

afterEach(() => {
  if (!hasDom) return;
  cleanup();
  window.sessionStorage.clear();
  document.cookie.split(';').forEach((entry) => {
    const name = entry.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
});
