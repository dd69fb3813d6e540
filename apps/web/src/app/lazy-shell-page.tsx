import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from '../components/loading';
import { hasRenderedOnce } from './initial-render';
import { CHUNK_LOAD_TIMEOUT_MS, lazyPage } from './lazy-page';

/**
 * A dashboard page. On a navigation it loads like any lazy page (the current page and the
 * progress bar stay until it is there). On the first load of the app it does not wait: the shell
 * renders at once and the page's chunk arrives inside it, behind the "Loading" indicator, instead
 * of a full-screen loader standing in for the whole shell.
 */
export function lazyShellPage<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
) {
  const loadPage = lazyPage(load, pick, timeoutMs);
  return async (): Promise<{ Component: ComponentType }> => {
    if (hasRenderedOnce()) return loadPage();
    const pending = loadPage();
    const Page = lazy(async () => ({ default: (await pending).Component }));
    return {
      Component: function ShellPage() {
        return (
          <Suspense fallback={<Loading />}>
            <Page />
          </Suspense>
        );
      },
    };
  };
}
