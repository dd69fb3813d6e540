import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { TLinkStatusRequest } from '@app/contracts';
import { useState, type ReactNode } from 'react';
import { useGetLinkStatusQuery } from '../verification.api';

type LinkCheckProps = {
  token: string;
  purpose: TLinkStatusRequest['purpose'];
  /** What a used or expired link shows: what happened and the next step. */
  deadLink: { title: string; text: string; actions: ReactNode };
  /** The page's form, shown while the link works. */
  children: ReactNode;
};

/**
 * Asks the server whether the e-mailed link still works before the form is shown, so no one types
 * a new password into a page whose link is used up. If the check itself fails (offline, rate
 * limited), the form is shown: submitting it reports the link as before.
 */
export function LinkCheck({ token, purpose, deadLink, children }: LinkCheckProps) {
  // The answer is kept here, not only in the API cache: the cache is reset whenever a session ends
  // (the failed renewal at start of a signed-out visit does that), which must not unmount the form
  // someone is typing in.
  const [isUsable, setIsUsable] = useState<boolean | null>(null);
  const { data, isLoading } = useGetLinkStatusQuery({ token, purpose }, { skip: isUsable !== null });
  // Set during render (React's pattern for state derived from a changing value), once.
  if (data && isUsable === null) setIsUsable(data.isUsable);
  if (isUsable === null && isLoading) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }}>
        <CircularProgress size={20} aria-hidden="true" />
        <Typography variant="body2" color="text.secondary">
          Checking your link...
        </Typography>
      </Box>
    );
  }
  if ((isUsable ?? data?.isUsable) === false) {
    return (
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <Alert severity="error">
          <AlertTitle>{deadLink.title}</AlertTitle>
          {deadLink.text}
        </Alert>
        <Box sx={{ display: 'grid', gap: 1.5 }}>{deadLink.actions}</Box>
      </Box>
    );
  }
  return <>{children}</>;
}
