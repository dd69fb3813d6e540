import CheckIcon from '@mui/icons-material/Check';
import SwipeRightAltIcon from '@mui/icons-material/SwipeRightAlt';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FEATURES, type TSubscriptionPlan } from '@app/contracts';
import { FEATURE_LABELS, LIMIT_LABELS, formatLimit, formatPrice } from '../../../lib/plans';

type PlanComparisonTableProps = { plans: TSubscriptionPlan[]; currentPlanId: string | null };

const LIMIT_KEYS = Object.keys(LIMIT_LABELS) as (keyof typeof LIMIT_LABELS)[];

/** Below this width the table is wider than its region and scrolls sideways. */
const TABLE_MIN_WIDTH = 560;

/**
 * The row names stay in view while the plans scroll past them: the first cell of every row sticks
 * to the left, over the page's own background, with a rule where the plans slide under it.
 */
const STICKY_CELL_SX = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.default',
  borderRight: 1,
  borderRightColor: 'divider',
} as const;

/**
 * Limits and features of every plan side by side. On a phone the table scrolls sideways inside
 * its own focusable region, the page does not; a hint says so, and the row names stay put.
 */
export function PlanComparisonTable({ plans, currentPlanId }: PlanComparisonTableProps) {
  const features = FEATURES.filter((feature) => plans.some((plan) => plan.features.includes(feature)));
  return (
    <Box component="section" aria-labelledby="plan-comparison" sx={{ mt: { xs: 6, md: 9 } }}>
      <Typography id="plan-comparison" variant="h4" component="h2" sx={{ mb: 2 }}>
        Compare plans
      </Typography>
      {/* The region's name says it to screen readers already. */}
      <Typography
        aria-hidden="true"
        variant="body2"
        color="text.secondary"
        sx={{ display: { xs: 'flex', md: 'none' }, alignItems: 'center', gap: 0.5, mb: 1 }}
      >
        Scroll sideways to see every plan
        <SwipeRightAltIcon fontSize="small" />
      </Typography>
      <Box
        role="region"
        aria-label="Plan comparison, scrolls sideways"
        tabIndex={0}
        sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Table size="small" sx={{ minWidth: TABLE_MIN_WIDTH }}>
          <TableHead>
            <TableRow>
              <TableCell component="td" sx={STICKY_CELL_SX} />
              {plans.map((plan) => (
                <TableCell key={plan.id} align="center" scope="col" sx={{ fontWeight: 600 }}>
                  {plan.name}
                  {plan.id === currentPlanId ? (
                    <Typography component="span" variant="caption" sx={{ display: 'block' }} color="primary">
                      Current plan
                    </Typography>
                  ) : null}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              <TableCell component="th" scope="row" sx={STICKY_CELL_SX}>
                Price per month
              </TableCell>
              {plans.map((plan) => (
                <TableCell key={plan.id} align="center">
                  {formatPrice(plan.priceMonthly, plan.currency)}
                </TableCell>
              ))}
            </TableRow>
            {LIMIT_KEYS.map((key) => (
              <TableRow key={key}>
                <TableCell component="th" scope="row" sx={STICKY_CELL_SX}>
                  {LIMIT_LABELS[key]}
                </TableCell>
                {plans.map((plan) => (
                  <TableCell key={plan.id} align="center">
                    {formatLimit(plan.limits[key])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {features.map((feature) => (
              <TableRow key={feature}>
                <TableCell component="th" scope="row" sx={STICKY_CELL_SX}>
                  {FEATURE_LABELS[feature]}
                </TableCell>
                {plans.map((plan) => (
                  <TableCell key={plan.id} align="center">
                    {plan.features.includes(feature) ? (
                      <CheckIcon fontSize="small" color="primary" titleAccess="Included" />
                    ) : (
                      <Box component="span" aria-label="Not included" sx={{ color: 'text.secondary' }}>
                        –
                      </Box>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
