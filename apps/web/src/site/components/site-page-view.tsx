import GlobalStyles from '@mui/material/GlobalStyles';
import { FOCUS_RING } from '../../app/theme';
import { MarketingFrame } from '../../features/marketing/components/marketing-layout';
import type { SitePage } from '../site-page';
import { DocumentPageView } from './document-page-view';
import { ProductPageView } from './product-page-view';
import { StaticCookieBar } from './static-cookie-bar';

/** Room under the page's last line while the cookie bar covers the bottom (set by `site.ts`). */
const PAGE_ROOM = {
  body: { paddingBottom: 'var(--cookie-bar-height, 0px)' },
  // The page's script shows and hides parts with the attribute; no component's display may win.
  '[hidden]': { display: 'none !important' },
  // The theme rings an MUI button when React marks it .Mui-focusVisible, and ButtonBase clears the
  // outline otherwise. No React runs here: without this, Start free and the cookie bar's buttons
  // would show no focus at all. The theme's own ring.
  '.MuiButtonBase-root:focus-visible': FOCUS_RING,
} as const;

/** One public page as the build writes it: the shared header and footer, the page, the cookie bar. */
export function SitePageView({ page }: { page: SitePage }) {
  return (
    <>
      <GlobalStyles styles={PAGE_ROOM} />
      <MarketingFrame>
        {page.kind === 'product' ? <ProductPageView page={page} /> : <DocumentPageView page={page} />}
      </MarketingFrame>
      <StaticCookieBar />
    </>
  );
}
