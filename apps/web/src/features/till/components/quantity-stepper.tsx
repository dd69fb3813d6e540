import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import { MAX_SALE_LINE_QUANTITY } from '@app/contracts';
import type { KeyboardEvent } from 'react';

type QuantityStepperProps = {
  id: string;
  /** "Quantity of Oat milk 1 l". */
  label: string;
  text: string;
  quantity: number;
  isInvalid: boolean;
  /** The id of the text that explains the line's error, for screen readers. */
  describedBy?: string;
  onType: (text: string) => void;
  onStep: (delta: number) => void;
  disabled?: boolean;
};

/**
 * A line's units: type them, or step with the arrow keys (one tab stop per line: the − and +
 * buttons are for the mouse and stay out of the tab order, as in a native number field).
 */
export function QuantityStepper({
  id,
  label,
  text,
  quantity,
  isInvalid,
  describedBy,
  onType,
  onStep,
  disabled = false,
}: QuantityStepperProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const delta = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10 }[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    onStep(delta);
  };

  return (
    <Box
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        border: 1,
        borderColor: isInvalid ? 'error.main' : 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        '&:focus-within': { borderColor: isInvalid ? 'error.main' : 'primary.main' },
        // The theme's focus ring goes around the whole stepper, not the number inside it.
        '&:has(input:focus-visible)': {
          outline: '2px solid var(--mui-palette-primary-main)',
          outlineOffset: 2,
        },
      }}
    >
      <IconButton
        size="small"
        tabIndex={-1}
        aria-label={`One less: ${label}`}
        onClick={() => onStep(-1)}
        disabled={disabled || quantity <= 1}
      >
        <RemoveIcon fontSize="small" />
      </IconButton>
      <InputBase
        value={text}
        onChange={(event) => onType(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
        error={isInvalid}
        inputProps={{
          id,
          role: 'spinbutton',
          inputMode: 'numeric',
          autoComplete: 'off',
          'aria-label': label,
          'aria-valuenow': quantity,
          'aria-valuemin': 1,
          'aria-valuemax': MAX_SALE_LINE_QUANTITY,
          'aria-invalid': isInvalid || undefined,
          'aria-describedby': describedBy,
        }}
        sx={{
          width: 52,
          '&.Mui-focused:has(:focus-visible)': { outline: 'none' },
          '& input': { textAlign: 'center', py: 0.5, fontVariantNumeric: 'tabular-nums' },
        }}
      />
      <IconButton
        size="small"
        tabIndex={-1}
        aria-label={`One more: ${label}`}
        onClick={() => onStep(1)}
        disabled={disabled || quantity >= MAX_SALE_LINE_QUANTITY}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
