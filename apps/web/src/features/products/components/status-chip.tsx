import Chip from '@mui/material/Chip';

export function StatusChip({ isActive }: { isActive: boolean }) {
  return isActive ? (
    <Chip size="small" label="Active" color="success" variant="outlined" />
  ) : (
    <Chip size="small" label="Discontinued" variant="outlined" />
  );
}
