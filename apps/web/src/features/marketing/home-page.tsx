import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../components/router-link';
import { MarketingLayout } from './components/marketing-layout';
import { ACTIONS_SX, CARD_GRID_SX, LEAD_SX, PAGE_TITLE_SX, SECTION_TITLE_SX } from './marketing-styles';

const HIGHLIGHTS = [
  {
    title: 'Smart inventory',
    text: 'Stock per location with a ledger behind every number.',
    to: '/smart-inventory',
  },
  {
    title: 'Supply chain',
    text: 'Transfers validated at both ends, singly or in batches.',
    to: '/supply-chain',
  },
  { title: 'Analytics', text: 'Sales trends, AI reports and forecasts per store.', to: '/analytics' },
  { title: 'Loyalty', text: 'Reward programs from proven templates.', to: '/loyalty' },
  { title: 'CRM', text: 'Shoppers, visits and broadcasts in one place.', to: '/crm' },
  { title: 'Scan, pay & go', text: 'Checkout on the shopper’s phone, no queue.', to: '/scan-pay-go' },
];

/** The public home page. */
export function HomePage() {
  return (
    <MarketingLayout>
      <Box sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container
          maxWidth="lg"
          sx={{
            py: { xs: 8, md: 12 },
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1.2fr 1fr' },
            gap: { xs: 5, md: 6 },
            alignItems: 'center',
          }}
        >
          <Box>
            <Typography variant="overline" color="primary">
              Retail back-office
            </Typography>
            <Typography
              variant="h1"
              sx={{ ...PAGE_TITLE_SX, mt: 1, fontSize: { xs: '2rem', sm: '2.5rem', md: '3rem' } }}
            >
              Run every store from one calm dashboard
            </Typography>
            <Typography variant="h5" component="p" color="text.secondary" sx={{ ...LEAD_SX, mt: 2 }}>
              Products, stock, transfers, staff, loyalty and sales analytics for shops with one store or
              fifty.
            </Typography>
            <Box sx={{ ...ACTIONS_SX, mt: 4 }}>
              <Button component={RouterLink} to="/register" variant="contained" size="large">
                Start free
              </Button>
              <Button component={RouterLink} to="/login" variant="outlined" size="large">
                Sign in
              </Button>
            </Box>
          </Box>
          <Paper
            variant="outlined"
            aria-hidden="true"
            sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5, bgcolor: 'background.default' }}
          >
            {[
              ['Sales today', '€ 4,812.40'],
              ['Items in stock', '12,406'],
              ['Transfers in transit', '7'],
              ['Loyalty members', '1,932'],
            ].map(([label, value]) => (
              <Paper
                key={label}
                variant="outlined"
                sx={{ p: 2, display: 'flex', justifyContent: 'space-between', gap: 2 }}
              >
                <Typography color="text.secondary">{label}</Typography>
                <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
              </Paper>
            ))}
          </Paper>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 8 } }}>
        <Typography variant="h2" sx={{ ...SECTION_TITLE_SX, mb: { xs: 3, md: 4 } }}>
          Everything behind the counter
        </Typography>
        <Box sx={CARD_GRID_SX}>
          {HIGHLIGHTS.map((item) => (
            <Paper key={item.to} variant="outlined" sx={{ p: 3 }}>
              <Typography variant="h5" component="h3" gutterBottom>
                {item.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {item.text}
              </Typography>
              <Link
                component={RouterLink}
                to={item.to}
                variant="body2"
                underline="hover"
                aria-label={`Learn more about ${item.title}`}
              >
                Learn more
              </Link>
            </Paper>
          ))}
        </Box>
      </Container>
    </MarketingLayout>
  );
}
