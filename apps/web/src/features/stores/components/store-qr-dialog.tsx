import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TStore } from '@app/contracts';
import { useEffect, useId, useState } from 'react';
import { printQrLabel, renderQrSvg, storeScanUrl } from '../qr-code';

export const QR_FAILED_TEXT = 'The QR code could not be drawn. Try again.';
export const QR_SIZE = 240;

/** The store's QR code for Scan, Pay & Go, ready to print with the store's name. */
export function StoreQrDialog({ store, onClose }: { store: TStore; onClose: () => void }) {
  const titleId = useId();
  const url = storeScanUrl(store.qrCode);
  const [qr, setQr] = useState<{ for: string; svg: string } | { for: string; error: true } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    renderQrSvg(url).then(
      (svg) => isCurrent && setQr({ for: url, svg }),
      () => isCurrent && setQr({ for: url, error: true }),
    );
    return () => {
      isCurrent = false;
    };
  }, [url]);

  const current = qr?.for === url ? qr : null;
  const svg = current && 'svg' in current ? current.svg : null;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>QR code of {store.name}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'stretch' }}>
          Shoppers scan it to open Scan, Pay &amp; Go at this store. Print it and put it by the entrance.
        </Typography>
        {/* White behind the code in dark mode too: scanners need the contrast. */}
        <Box
          sx={{ p: 1, bgcolor: '#fff', borderRadius: 1, border: 1, borderColor: 'divider', lineHeight: 0 }}
        >
          {svg ? (
            <Box
              component="img"
              src={svg}
              alt={`QR code of ${store.name}`}
              sx={{ width: QR_SIZE, height: QR_SIZE }}
            />
          ) : current ? (
            <Box sx={{ width: QR_SIZE, height: QR_SIZE }} />
          ) : (
            <Skeleton
              variant="rectangular"
              width={QR_SIZE}
              height={QR_SIZE}
              aria-label="Drawing the QR code"
            />
          )}
        </Box>
        {current && !svg ? <Alert severity="error">{QR_FAILED_TEXT}</Alert> : null}
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ wordBreak: 'break-all', textAlign: 'center' }}
        >
          {url}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Close
        </Button>
        <Button
          variant="contained"
          startIcon={<PrintOutlinedIcon />}
          disabled={!svg}
          onClick={() => svg && printQrLabel({ storeName: store.name, qrSvg: svg, url })}
        >
          Print
        </Button>
      </DialogActions>
    </Dialog>
  );
}
