import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { PurchaseOrderStatus } from '@app/contracts';
import type { ReactNode, Ref } from 'react';
import { RouterLink } from '../../../components/router-link';
import { PURCHASING_PATH } from '../order-format';
import { OrderStatusChip } from './order-status-chip';

type OrderHeaderProps = {
  title: string;
  status: PurchaseOrderStatus | null;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** Where the page puts focus when an action changed the order (tabIndex -1: not a Tab stop). */
  headingRef?: Ref<HTMLHeadingElement>;
};

/**
 * The top of an order's page: the way back to the list (the shell's breadcrumb has two levels
 * only), the number with its status, and the order's actions at the top right.
 */
export function OrderHeader({ title, status, subtitle, actions, headingRef }: OrderHeaderProps) {
  return (
    <Box sx={{ mb: 3 }}>
      <Link
        component={RouterLink}
        to={PURCHASING_PATH}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1, fontSize: 14 }}
      >
        <ArrowBackIcon sx={{ fontSize: 16 }} aria-hidden="true" />
        Purchase orders
      </Link>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
        {/* The number stays on one line; the actions wrap below each other first. */}
        <Box sx={{ flex: '1 1 320px', minWidth: 320 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Typography
              ref={headingRef}
              tabIndex={-1}
              variant="h2"
              component="h1"
              sx={{ whiteSpace: 'nowrap', outline: 'none' }}
            >
              {title}
            </Typography>
            {status ? <OrderStatusChip status={status} /> : null}
          </Box>
          {subtitle ? (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {actions ? (
          <Box
            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', flex: '0 1 auto' }}
          >
            {actions}
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
