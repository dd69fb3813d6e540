import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const PRODUCTION_FILE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/;

/**
 * Builds with React Router's production files, as its own Vite plugin does in framework mode.
 *
 * - The package's `exports` resolve every bundler to `dist/development`, which ships the
 *   development warnings (`ENABLE_DEV_WARNINGS = true`); `dist/production` is the same code with
 *   them off. `react-router` and `react-router/dom` are aliased there for the build only (dev
 *   server and tests keep the warnings).
 * - Its components are `React.forwardRef(...)` calls without a pure annotation, followed by a
 *   `displayName` assignment: the bundler has to keep them even when unused (`Form`, `NavLink`,
 *   `HistoryRouter` and what they call). The calls are marked pure and the `displayName` lines
 *   (only read by React DevTools) dropped, so tree-shaking removes what the app does not use.
 */
export function reactRouterProduction(): Plugin {
  const require = createRequire(import.meta.url);
  const productionDir = path.join(
    path.dirname(require.resolve('react-router/package.json')),
    'dist/production',
  );
  return {
    name: 'app:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(productionDir, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(productionDir, 'dom-export.mjs') },
        ],
      },
    }),
    transform: {
      filter: { id: PRODUCTION_FILE },
      handler(code) {
        const result = code
          .replace(/= (React\d*\.forwardRef\()/g, '= /* @__PURE__ */ $1')
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
        return result === code ? null : { code: result, map: null };
      },
    },
  };
}
