import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* waits 1 s by default; lazy routes and MUI transitions on a loaded CI machine need more.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout; scroll restoration and scroll-to-top only need the call to exist.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  document.cookie.split(';').forEach((entry) => {
    const name = entry.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
});
