import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SeverityIcon } from '../../../components/alert-parts';
import { formatExactTime } from '../../../lib/relative-time';
import { fromLocalDateTime } from '../../../lib/local-date-time';
import { describeRoles, type ComposeDraft } from '../compose-draft';

type AlertPreviewProps = {
  draft: ComposeDraft;
  /** The chosen store's name, for a store's audience. */
  storeName: string | null;
};

/** How the broadcast will look in a reader's alerts: unread, bold, with its severity and where. */
export function AlertPreview({ draft, storeName }: AlertPreviewProps) {
  const place = draft.audience === 'STORE' ? (storeName ?? 'One store') : 'Whole business';
  const expires = draft.expiresAt === '' ? null : fromLocalDateTime(draft.expiresAt);
  const title = draft.title.trim();
  const message = draft.message.trim();
  return (
    <Box component="section" aria-labelledby="broadcast-preview-title">
      <Typography id="broadcast-preview-title" variant="overline" color="text.secondary" component="h3">
        Preview
      </Typography>
      <Paper variant="outlined" sx={{ display: 'flex', gap: 1.5, p: 2, bgcolor: 'action.hover' }}>
        <Box sx={{ pt: 0.25 }}>
          <SeverityIcon severity={draft.severity} />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box
              component="span"
              aria-hidden="true"
              sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
            />
            <Typography
              variant="body2"
              sx={{ fontWeight: 700, overflowWrap: 'anywhere', color: title ? undefined : 'text.secondary' }}
            >
              {title || 'Your title'}
            </Typography>
          </Box>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              mt: 0.25,
              whiteSpace: 'pre-line',
              overflowWrap: 'anywhere',
              maxHeight: 240,
              overflowY: 'auto',
            }}
          >
            {message || 'Your message to the team.'}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {place} · just now
          </Typography>
        </Box>
      </Paper>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        To {draft.roles.length > 0 ? describeRoles(draft.roles) : 'everyone'}{' '}
        {draft.audience === 'STORE' ? `at ${storeName ?? 'the store'}` : 'in the business'}
        {expires ? `, until ${formatExactTime(expires)}` : ', until you delete it'}.
      </Typography>
    </Box>
  );
}
