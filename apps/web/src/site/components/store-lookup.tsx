import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * The store a shopper's QR code named (`/scan-pay-go?store=CODE`). Written hidden into the static
 * page; the page's script (`site.ts`, `showStore`) reads the code, asks the public store lookup
 * and shows one of the three states: loading, the store, or a message.
 */
export function StoreLookup() {
  return (
    <Box
      component="section"
      data-store-lookup=""
      hidden
      aria-live="polite"
      aria-busy="true"
      sx={{ bgcolor: 'background.default', borderBottom: 1, borderColor: 'divider' }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <Paper
          variant="outlined"
          sx={{
            p: { xs: 2, sm: 3 },
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: { xs: 2, sm: 3 },
            alignItems: { xs: 'stretch', sm: 'center' },
          }}
        >
          {/* The picture's place: shown while the store loads and for a store with a picture, hidden
              for a store without one and for a message (an empty grey box says nothing). */}
          <Box
            data-store-frame=""
            sx={{
              flex: { sm: '0 0 200px' },
              aspectRatio: '4 / 3',
              borderRadius: 1.5,
              overflow: 'hidden',
              bgcolor: 'action.hover',
              display: 'grid',
              placeItems: 'center',
            }}
          >
            <Box
              component="img"
              data-store-image=""
              alt=""
              hidden
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="overline" component="p" color="primary" data-store-state="found" hidden>
              You are shopping at
            </Typography>
            <Typography
              variant="h2"
              data-store-name=""
              sx={{ fontSize: { xs: '1.5rem', sm: '1.875rem' }, lineHeight: 1.2, overflowWrap: 'anywhere' }}
            >
              Finding your store…
            </Typography>
            <Box data-store-state="found" hidden sx={{ mt: 1.5 }}>
              <Typography variant="subtitle2" component="h3">
                Opening hours
              </Typography>
              <Typography
                data-store-hours=""
                color="text.secondary"
                sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
              />
            </Box>
            <Box data-store-state="missing" hidden sx={{ mt: 1 }}>
              <Typography color="text.secondary" data-store-message="" />
              <Button data-store-retry="" variant="outlined" sx={{ mt: 2 }} hidden>
                Try again
              </Button>
            </Box>
          </Box>
        </Paper>
      </Container>
    </Box>
  );
}
