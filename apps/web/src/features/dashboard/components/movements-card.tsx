import SyncAltOutlinedIcon from '@mui/icons-material/SyncAltOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TStockMovement } from '@app/contracts';
import { useHomeMovementsQuery } from '../dashboard.api';

import { HOME_MESSAGES } from '../home-messages';
import { CardRows } from './card-rows';
import { OverviewCard } from './overview-card';
import { formatCount } from '../../../lib/count';

export const MOVEMENTS_PATH = '/dashboard/inventory?tab=movements';
const SHOWN = 4;

const STEP: Record<'PENDING' | 'IN_TRANSIT', string> = {
  PENDING: 'Validate at source',
  IN_TRANSIT: 'Validate on arrival',
};

function Tally({ label, count }: { label: string; count: number }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontSize: '1.5rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {formatCount(count)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/**
 * Transfers waiting for a code: PENDING ones are validated where the stock leaves, IN_TRANSIT
 * ones where it arrives. Counts of both, then the newest few.
 */
export function MovementsCard() {
  const pending = useHomeMovementsQuery('PENDING');
  const inTransit = useHomeMovementsQuery('IN_TRANSIT');
  const total = (pending.data?.totalElements ?? 0) + (inTransit.data?.totalElements ?? 0);
  const newest: TStockMovement[] = [...(pending.data?.content ?? []), ...(inTransit.data?.content ?? [])]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, SHOWN);

  return (
    <OverviewCard
      title="Movements to validate"
      caption="Transfers waiting for their codes"
      icon={<SyncAltOutlinedIcon />}
      to={MOVEMENTS_PATH}
      fallbackMessage={HOME_MESSAGES.movementsFailed}
      status={{
        isLoading: pending.isLoading || inTransit.isLoading,
        error: pending.error ?? inTransit.error,
        onRetry: () => {
          if (pending.error) void pending.refetch();
          if (inTransit.error) void inTransit.refetch();
        },
        isEmpty: Boolean(pending.data && inTransit.data && total === 0),
        emptyText: HOME_MESSAGES.noMovements,
      }}
    >
      {pending.data && inTransit.data ? (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, mb: 1.5 }}>
            <Tally label="At the source" count={pending.data.totalElements} />
            <Tally label="In transit" count={inTransit.data.totalElements} />
          </Box>
          <CardRows
            label="Movements waiting for validation"
            rows={newest.map((movement) => ({
              key: movement.id,
              primary: movement.productName,
              secondary: `${movement.sourceLocationName} → ${movement.destinationLocationName}`,
              value: formatCount(movement.quantity),
              valueDetail: STEP[movement.status as keyof typeof STEP],
            }))}
          />
        </>
      ) : null}
    </OverviewCard>
  );
}
