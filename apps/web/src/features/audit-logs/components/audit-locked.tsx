import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../components/router-link';
import { LOCKED_TEXT } from '../messages';

/** What a business without the audit log sees: the plan it needs, calmly, and where to get it. */
export function AuditLocked() {
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 6,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1.5,
        textAlign: 'center',
      }}
    >
      <LockOutlinedIcon color="action" fontSize="large" />
      <Typography variant="h6" component="h2">
        {LOCKED_TEXT}
      </Typography>
      <Typography color="text.secondary">
        It records who created, changed or deleted what, so you can always trace a change back.
      </Typography>
      <Button component={RouterLink} to="/subscription-plans" variant="contained" sx={{ mt: 1 }}>
        View Plans
      </Button>
    </Paper>
  );
}
