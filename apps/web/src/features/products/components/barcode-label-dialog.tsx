import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import type { TProduct } from '@app/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { drawBarcode, printLabel } from '../barcode-label';
import { formatMoney } from '../format';

/** A preview of the product's printable label (name, price, barcode) and a Print button. */
export function BarcodeLabelDialog({ product, onClose }: { product: TProduct; onClose: () => void }) {
  const titleId = useId();
  const labelRef = useRef<HTMLDivElement>(null);
  // A callback ref: the dialog's content mounts after the dialog itself (in its portal).
  const [svg, setSvg] = useState<SVGSVGElement | null>(null);
  const [state, setState] = useState<'drawing' | 'ready' | 'failed'>('drawing');
  const barcode = product.barcode ?? '';
  const isDiscounted = product.discount?.isCurrent === true && product.effectivePrice !== product.price;

  useEffect(() => {
    if (!svg || !barcode) return undefined;
    let isCurrent = true;
    drawBarcode(svg, barcode).then(
      () => isCurrent && setState('ready'),
      () => isCurrent && setState('failed'),
    );
    return () => {
      isCurrent = false;
    };
  }, [svg, barcode]);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Barcode label</DialogTitle>
      <DialogContent>
        {state === 'failed' ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            The barcode could not be drawn. Check your connection and try again.
          </Alert>
        ) : null}
        {/* The label prints in black on white whatever the colour scheme. */}
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
          <Box
            ref={labelRef}
            className="label"
            aria-label={`Label of ${product.name}`}
            role="img"
            sx={{
              width: 228,
              minHeight: 128,
              p: 1.5,
              bgcolor: '#fff',
              color: '#000',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 0.5,
            }}
          >
            <Box
              className="label-name"
              sx={{
                width: '100%',
                fontSize: 13,
                fontWeight: 600,
                textAlign: 'center',
                lineHeight: 1.2,
                overflow: 'hidden',
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflowWrap: 'anywhere',
              }}
            >
              {product.name}
            </Box>
            <Box className="label-price" sx={{ fontSize: 16, fontWeight: 700 }}>
              {isDiscounted ? (
                <Box component="s" sx={{ fontWeight: 400, fontSize: 12, mr: 0.5 }}>
                  {formatMoney(product.price)}
                </Box>
              ) : null}
              {formatMoney(product.effectivePrice)}
            </Box>
            {state === 'drawing' ? <Skeleton variant="rectangular" width={180} height={60} /> : null}
            <svg
              ref={setSvg}
              aria-hidden="true"
              style={{ maxWidth: '100%', display: state === 'ready' ? 'block' : 'none' }}
            />
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Close
        </Button>
        <Button
          variant="contained"
          startIcon={<PrintOutlinedIcon />}
          disabled={state !== 'ready'}
          onClick={() => {
            if (labelRef.current) printLabel(labelRef.current, `${product.name} — ${barcode}`);
          }}
        >
          Print
        </Button>
      </DialogActions>
    </Dialog>
  );
}
