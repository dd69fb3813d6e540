import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Loading } from '../components/loading';

/** Whether this document was itself loaded from the address (not reached inside the app). */
function isDocumentAddress(href: string): boolean {
  const [entry] = performance.getEntriesByType('navigation');
  return entry?.name === href;
}

/**
 * A public page is a static document the server sends (issue 15), not a screen of the app: a link
 * inside the app that leads to one loads it. When the server itself answered with the app (a
 * server without the built pages), loading again would loop, so the page says so instead.
 */
export function SitePageLoad() {
  const { pathname, search, hash } = useLocation();
  const href = window.location.origin + pathname + search + hash;
  const [isMissing] = useState(() => isDocumentAddress(href));

  useEffect(() => {
    if (!isMissing) window.location.replace(href);
  }, [href, isMissing]);

  if (!isMissing) return <Loading fullScreen />;
  return (
    <Box component="main" sx={{ p: 4, maxWidth: 560, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        This page is not built
      </Typography>
      <Typography color="text.secondary">
        The public pages are written by the web build. Run <code>npm run build</code>, or go to the{' '}
        <Link href="/login">sign-in page</Link>.
      </Typography>
    </Box>
  );
}
