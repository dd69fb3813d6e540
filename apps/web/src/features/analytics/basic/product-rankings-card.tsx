import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { DayRange } from '../analytics-range';
import { AnalyticsCard, EmptyNote, QueryView } from '../components/analytics-state';
import { RankingTable } from './ranking-table';
import { RANKING_LIMIT, useRanking, type RankingBy } from './use-basic-queries';

export const NO_PRODUCTS_SOLD = 'No products sold in this period. Pick a longer range or another store.';

type ProductRankingsCardProps = { range: DayRange; storeId: string | null };

/** The best and the worst sellers of the range side by side, by revenue or by units. */
export function ProductRankingsCard({ range, storeId }: ProductRankingsCardProps) {
  const [by, setBy] = useState<RankingBy>('revenue');
  const scope = { range, storeId };
  const top = useRanking(scope, 'top', by);
  const least = useRanking(scope, 'least', by);
  const unit = by === 'revenue' ? 'revenue' : 'units sold';
  // Nothing sold: one sentence for the card, not the same one under each heading.
  const nothingSold = top.isSuccess && least.isSuccess && !top.data?.length && !least.data?.length;

  return (
    <AnalyticsCard
      title="Products"
      subtitle={`Best and least sellers by ${unit}.`}
      action={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={by}
          onChange={(_event, next: RankingBy | null) => {
            if (next) setBy(next);
          }}
          aria-label="Rank products by"
        >
          <ToggleButton value="revenue">Revenue</ToggleButton>
          <ToggleButton value="quantity">Quantity</ToggleButton>
        </ToggleButtonGroup>
      }
    >
      {nothingSold ? (
        <EmptyNote text={NO_PRODUCTS_SOLD} minHeight={96} />
      ) : (
        // One table above the other at every width: with the margin columns, two side by side at
        // 1440 px left the product names ten characters each.
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          {(
            [
              ['Top', top],
              ['Least', least],
            ] as const
          ).map(([which, query]) => {
            const label = `${which} ${RANKING_LIMIT} products by ${unit}`;
            return (
              <Box key={which} sx={{ minWidth: 0 }}>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                  {which} {RANKING_LIMIT}
                </Typography>
                <QueryView
                  status={query}
                  isEmpty={(query.data ?? []).length === 0}
                  emptyText={NO_PRODUCTS_SOLD}
                  height={220}
                  loadingLabel={`Loading ${label.toLowerCase()}`}
                >
                  <RankingTable rows={query.data ?? []} label={label} />
                </QueryView>
              </Box>
            );
          })}
        </Box>
      )}
    </AnalyticsCard>
  );
}
