import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PLANS, PLAN_IDS, type Feature, type PlanLimits } from '@app/contracts';
import { RouterLink } from '../../components/router-link';
import { MarketingLayout } from './components/marketing-layout';
import { LEAD_SX, PAGE_TITLE_SX, PLAN_GRID_SX } from './marketing-styles';

const FEATURE_LABELS: Record<Feature, string> = {
  ANALYTICS_BASIC: 'Basic analytics',
  BULK_UPLOAD: 'Bulk upload',
  DISCOUNTS: 'Discounts',
  AUDIT_LOG: 'Audit log',
  LOYALTY: 'Loyalty programs',
  BROADCAST_ALERTS: 'Broadcast alerts',
  ANALYTICS_ADVANCED: 'Advanced analytics',
  AI_REPORT: 'AI reports',
  EXPORT: 'Report export',
  ANALYTICS_SUPREME: 'Supreme analytics',
  FORECAST: 'Forecasts',
};

function formatLimit(value: number | null, noun: string): string {
  return value === null ? `Unlimited ${noun}` : `${value.toLocaleString('en')} ${noun}`;
}

function describeLimits(limits: PlanLimits): string[] {
  return [
    formatLimit(limits.stores, limits.stores === 1 ? 'store' : 'stores'),
    formatLimit(limits.warehouses, limits.warehouses === 1 ? 'warehouse' : 'warehouses'),
    formatLimit(limits.products, 'products'),
    formatLimit(limits.staffUsers, 'staff users'),
  ];
}

/** The plans of DESIGN section 6. */
export function SubscriptionPlansPage() {
  return (
    <MarketingLayout>
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 9 } }}>
        <Box sx={{ textAlign: 'center', mb: { xs: 4, md: 6 } }}>
          <Typography variant="overline" color="primary">
            Pricing
          </Typography>
          <Typography variant="h1" sx={PAGE_TITLE_SX}>
            Plans that grow with you
          </Typography>
          <Typography color="text.secondary" sx={{ ...LEAD_SX, mt: 1.5, mx: 'auto' }}>
            Start free. Upgrade when you need more stores, products or features. Cancel any time.
          </Typography>
        </Box>
        <Box sx={PLAN_GRID_SX}>
          {PLAN_IDS.map((planId) => {
            const plan = PLANS[planId];
            const isHighlighted = planId === 'ADVANCED';
            return (
              <Paper
                key={planId}
                component="section"
                aria-labelledby={`plan-${planId}`}
                variant="outlined"
                sx={{
                  p: 3,
                  display: 'flex',
                  flexDirection: 'column',
                  borderColor: isHighlighted ? 'primary.main' : 'divider',
                  // A second pixel of accent drawn outside the box, so the highlighted card's
                  // content lines up with its neighbours' (a 2 px border would push it down).
                  boxShadow: isHighlighted
                    ? (theme) => `0 0 0 1px ${(theme.vars ?? theme).palette.primary.main}`
                    : 'none',
                }}
              >
                <Typography id={`plan-${planId}`} variant="h4" component="h2">
                  {plan.name}
                </Typography>
                <Typography sx={{ mt: 1 }}>
                  <Box component="span" sx={{ fontSize: '2rem', fontWeight: 700 }}>
                    €{Number(plan.priceMonthly).toFixed(0)}
                  </Box>{' '}
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    / month
                  </Box>
                </Typography>
                <List dense sx={{ flex: 1, my: 2 }}>
                  {[
                    ...describeLimits(plan.limits),
                    ...plan.features.map((feature) => FEATURE_LABELS[feature]),
                  ].map((line) => (
                    <ListItem key={line} disableGutters>
                      <ListItemIcon sx={{ minWidth: 28 }}>
                        <CheckIcon fontSize="small" color="primary" />
                      </ListItemIcon>
                      <ListItemText primary={line} />
                    </ListItem>
                  ))}
                </List>
                <Button
                  component={RouterLink}
                  to="/register"
                  variant={isHighlighted ? 'contained' : 'outlined'}
                  fullWidth
                >
                  {planId === 'FREE' ? 'Start free' : `Choose ${plan.name}`}
                </Button>
              </Paper>
            );
          })}
        </Box>
      </Container>
    </MarketingLayout>
  );
}
