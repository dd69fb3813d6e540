import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type CardRow = {
  key: string;
  primary: string;
  secondary: string;
  /** A figure (right-aligned) or a short status. */
  value?: ReactNode;
  valueDetail?: string;
};

/** A card's short list: long names end in an ellipsis and show whole on hover. */
export function CardRows({ label, rows }: { label: string; rows: readonly CardRow[] }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={row.key}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            py: 1,
            borderTop: 1,
            borderColor: 'divider',
            '&:first-of-type': { borderTop: 0, pt: 0 },
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap title={row.primary}>
              {row.primary}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div" title={row.secondary}>
              {row.secondary}
            </Typography>
          </Box>
          {row.value === undefined ? null : (
            <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {row.value}
              </Typography>
              {row.valueDetail ? (
                <Typography variant="caption" color="text.secondary" component="div">
                  {row.valueDetail}
                </Typography>
              ) : null}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** "12 items" above a list that shows the first few: how many there are in all. */
export function CardCount({ count, noun, detail }: { count: string; noun: string; detail?: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
      <Typography sx={{ fontSize: '1.5rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {count}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {noun}
        {detail ? ` · ${detail}` : ''}
      </Typography>
    </Box>
  );
}
