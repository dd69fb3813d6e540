import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { precompress } from './scripts/precompress-plugin';
import { reactRouterProduction } from './scripts/react-router-production-plugin';
import { sitePages } from './scripts/site-pages-plugin';

const FRAMEWORK_MODULES =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|react-redux|@reduxjs[\\/]toolkit|redux|redux-thunk|reselect|immer|use-sync-external-store|@emotion[\\/][^\\/]+|stylis|@mui[\\/](?:system|styled-engine|private-theming|utils)|@mui[\\/]material[\\/]styles|clsx|react-is|prop-types|hoist-non-react-statics|@babel[\\/]runtime)[\\/]/;

/** MUI's components and what they use (the theme and its styling engine are in FRAMEWORK_MODULES). */
const MUI_MODULES =
  /[\\/]node_modules[\\/](?:@mui[\\/][^\\/]+|react-transition-group|dom-helpers|@babel[\\/]runtime)[\\/]/;

/**
 * Overlays and lists (menus, modals, drawers, popovers and what they need) stay out of the shared
 * chunk however many pages use them: /login shows none, and its first load is budgeted (bench
 * web-size, <= 170 kB). The public pages' header menu alone would otherwise pull them in. The same
 * holds for the dashboard's own controls (checkboxes, switches, toggle buttons, chips, tabs,
 * tables, skeletons, cards, the progress bar of a reloading list): every catalogue screen uses them,
 * and at seven screens they crossed the share count and put 3 kB on /login. TextField (with the
 * Select, menu and modal it brings) and Toolbar crossed it with the inventory page: 14 kB more on
 * /login, whose form fields are FormTextField (OutlinedInput) for this very reason.
 */
const MUI_OVERLAY_MODULES =
  /[\\/]@mui[\\/]material[\\/](?:esm[\\/])?(?:Modal|Menu|MenuList|MenuItem|Popover|Popper|Dialog[A-Za-z]*|Drawer|SwipeableDrawer|Backdrop|Fade|Grow|Slide|Portal|Unstable_TrapFocus|List[A-Za-z]*|Divider|Tooltip|Snackbar[A-Za-z]*|Checkbox|Switch|SwitchBase|Radio[A-Za-z]*|ToggleButton[A-Za-z]*|Chip|Tab|Tabs|TabScrollButton|Table[A-Za-z]*|Skeleton|Card[A-Za-z]*|Autocomplete|LinearProgress|internal[\\/]SwitchBase|TextField|Select|NativeSelect[A-Za-z]*|FilledInput|Input|Toolbar)[\\/.]/;

/**
 * A MUI module used by at least this many entries (the app, each lazy page, each lazy piece such
 * as the cookie dialog) goes into the shared `mui` chunk. Measured on /login (bench web-size):
 * at 5 or 6 the chunk took in the menus, selects and modals of the dashboard (the account menu
 * made Menu and Popover cross 5), which /login never uses; at 7 it keeps what nearly every page
 * shows (buttons, typography, paper, links, icons) and /login loads its form fields in one small
 * chunk of its own: 168.6 kB against 171.5 kB at 6 and more at 5.
 */
const MUI_MIN_SHARE_COUNT = 7;

/**
 * The web client builds to apps/web/dist, which the server serves. In development every /api call
 * goes to the server on port 8080, so the app always talks to its own origin.
 */
export const webConfig = defineConfig({
  plugins: [react(), reactRouterProduction(), precompress(), sitePages()],
  resolve: {
    // Use the TypeScript sources of @app/contracts; no separate build of the package is needed.
    conditions: ['source', ...defaultClientConditions],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // Lets scripts and tests measure what each route loads first.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // @emotion/react imports it for withTheme only, which the app never uses; as a CommonJS
        // module without a "sideEffects" field it would be kept (with react-is 16) regardless.
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // Shared pieces (a MUI part, an icon, a helper) are named by their hash alone: every chunk
        // is a line of the preload map in the entry, which /login loads, and at 75 chunks their
        // names cost it half a kilobyte. The named groups and the pages keep their names.
        chunkFileNames: (chunk) =>
          chunk.isDynamicEntry || chunk.name === 'framework' || chunk.name === 'mui'
            ? 'assets/[name]-[hash].js'
            : 'assets/c-[hash].js',
        codeSplitting: {
          groups: [
            {
              // The libraries the entry needs (React, the router, Redux, emotion, MUI's theme):
              // one file compresses better than the chunks automatic splitting cuts them into,
              // and it changes only with the dependencies, not with every change of the app.
              // Only what the entry imports ($initial): a library used by one lazy page stays there.
              name: 'framework',
              test: FRAMEWORK_MODULES,
              tags: ['$initial'],
            },
            {
              // The MUI components most pages share (buttons, typography, the input, label and
              // helper text of a form field, links, alerts) in one chunk instead of a dozen small
              // ones: each small file compresses on its own and is listed in every preload map.
              // Components only a few pages use (tables, dialogs, menus) stay with those pages.
              name: 'mui',
              test: (id: string) => MUI_MODULES.test(id) && !MUI_OVERLAY_MODULES.test(id),
              minShareCount: MUI_MIN_SHARE_COUNT,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
});

export default webConfig;
