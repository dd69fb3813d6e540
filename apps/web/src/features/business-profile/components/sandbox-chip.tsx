import Chip from '@mui/material/Chip';
import { SANDBOX_LABEL } from '../../../lib/plans';

/**
 * A deeper blue than MUI's info, whose #0288d1 is 3.8:1 on white, too light for the chip's small
 * label (axe, AA 4.5:1); the dark scheme's lighter info reads well on its paper.
 */
const SANDBOX_LIGHT = '#01579b';

/** "Sandbox" beside a card's title: the subscription or the payment account is the test provider's. */
export function SandboxChip() {
  return (
    <Chip
      size="small"
      label={SANDBOX_LABEL}
      color="info"
      variant="outlined"
      sx={[
        { color: SANDBOX_LIGHT, borderColor: SANDBOX_LIGHT },
        (theme) => theme.applyStyles('dark', { color: 'info.main', borderColor: 'info.main' }),
      ]}
    />
  );
}
