import CheckIcon from '@mui/icons-material/Check';
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

/**
 * Limits and features of every plan side by side. On a phone the table scrolls sideways inside
 * its own focusable region, the page does not.
 */
export function PlanComparisonTable({ plans, currentPlanId }: PlanComparisonTableProps) {
  const features = FEATURES.filter((feature) => plans.some((plan) => plan.features.includes(feature)));
  return (
    <Box component="section" aria-labelledby="plan-comparison" sx={{ mt: { xs: 6, md: 9 } }}>
      <Typography id="plan-comparison" variant="h4" component="h2" sx={{ mb: 2 }}>
        Compare plans
      </Typography>
      <Box
        role="region"
        aria-label="Plan comparison, scrolls sideways"
        tabIndex={0}
        sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Table size="small" sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell component="td" />
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
              <TableCell component="th" scope="row">
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
                <TableCell component="th" scope="row">
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
                <TableCell component="th" scope="row">
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
