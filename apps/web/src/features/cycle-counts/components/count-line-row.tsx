import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TCycleCountLine } from '@app/contracts';
import { memo, type KeyboardEvent } from 'react';
import { LineStatusChip } from '../count-format';
import { isCountable, stepQuantity } from '../count-sheet';

/** The smallest touch target of a tablet (WCAG 2.5.5 and the platforms' guides). */
export const TOUCH_TARGET_PX = 48;

type CountLineRowProps = {
  line: TCycleCountLine;
  /** What the counter typed, '' when nothing. */
  value: string;
  error: string | undefined;
  isHighlighted: boolean;
  isDisabled: boolean;
  onChange: (lineNo: number, text: string) => void;
  /** Enter in the field: the counter is done with this line. */
  onDone: () => void;
};

/**
 * One line of the count sheet, for a finger on a tablet: the product, and for a line waiting for
 * a count a quantity field between − and + (48 px each; the arrow keys step too). Blind count: the
 * expected quantity is never shown here; a counted line shows what was counted.
 */
export const CountLineRow = memo(function CountLineRow({
  line,
  value,
  error,
  isHighlighted,
  isDisabled,
  onChange,
  onDone,
}: CountLineRowProps) {
  const isOpen = isCountable(line) && !isDisabled;
  const label = `Counted quantity of ${line.sku}`;
  const step = (direction: 1 | -1) => onChange(line.lineNo, stepQuantity(value, direction));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      step(event.key === 'ArrowUp' ? 1 : -1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onDone();
    }
  };

  return (
    <Paper
      variant="outlined"
      component="li"
      aria-label={`${line.sku} ${line.name}`}
      data-line-no={line.lineNo}
      // A counted line takes the focus of a jump, which lands on its field otherwise.
      tabIndex={-1}
      sx={[
        {
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: 2,
          px: 2,
          py: 1.5,
          listStyle: 'none',
          // Focused from script (a jump, the next line after a save): shown to keyboard users.
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        },
        isHighlighted && {
          borderColor: 'primary.main',
          boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}`,
        },
      ]}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
            {line.sku}
          </Typography>
          <LineStatusChip status={line.status} />
        </Box>
        <Typography sx={{ wordBreak: 'break-word' }}>{line.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {line.category?.name ?? 'No category'} · line {line.lineNo}
        </Typography>
      </Box>
      {isOpen ? (
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <IconButton
            aria-label={`One less ${line.sku}`}
            onClick={() => step(-1)}
            // The field's arrow keys do the same for the keyboard; one tab stop per line.
            tabIndex={-1}
            sx={{ width: TOUCH_TARGET_PX, height: TOUCH_TARGET_PX, border: 1, borderColor: 'divider' }}
          >
            <RemoveIcon />
          </IconButton>
          <TextField
            value={value}
            onChange={(event) => onChange(line.lineNo, event.target.value)}
            error={Boolean(error)}
            helperText={error}
            placeholder="Count"
            autoComplete="off"
            slotProps={{
              htmlInput: {
                'aria-label': label,
                inputMode: 'numeric',
                onKeyDown,
                style: { textAlign: 'center', fontSize: 20, height: TOUCH_TARGET_PX - 16 },
              },
            }}
            sx={{ width: 128 }}
          />
          <IconButton
            aria-label={`One more ${line.sku}`}
            onClick={() => step(1)}
            tabIndex={-1}
            sx={{ width: TOUCH_TARGET_PX, height: TOUCH_TARGET_PX, border: 1, borderColor: 'divider' }}
          >
            <AddIcon />
          </IconButton>
        </Box>
      ) : line.countedQuantity !== null ? (
        <Box sx={{ textAlign: 'right', minWidth: 96 }}>
          <Typography variant="body2" color="text.secondary">
            Counted
          </Typography>
          <Typography variant="h6" component="p">
            {line.countedQuantity}
          </Typography>
        </Box>
      ) : null}
    </Paper>
  );
});
