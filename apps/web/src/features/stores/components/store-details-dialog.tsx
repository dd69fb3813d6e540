import AddIcon from '@mui/icons-material/Add';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TStore, TStoreDetails } from '@app/contracts';
import { useId, useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { formatAddress, formatCoordinates } from '../location-format';
import { STORE_ERRORS } from '../messages';
import { useGetStoreDetailsQuery } from '../stores.api';
import { ReaderDialog } from './reader-dialog';

type StoreDetailsDialogProps = {
  store: TStore;
  canRegisterReader: boolean;
  onClose: () => void;
};

export const NO_READERS_TEXT = 'No card readers yet.';

type CountKey = keyof Pick<TStoreDetails, 'productCount' | 'stockUnits' | 'containerCount' | 'readerCount'>;

const COUNTS: readonly { key: CountKey; label: string }[] = [
  { key: 'productCount', label: 'Products' },
  { key: 'stockUnits', label: 'Units in stock' },
  { key: 'containerCount', label: 'Containers' },
  { key: 'readerCount', label: 'Card readers' },
];

/** A store at a glance: what its location holds, its containers, and its card readers. */
export function StoreDetailsDialog({ store, canRegisterReader, onClose }: StoreDetailsDialogProps) {
  const titleId = useId();
  const details = useGetStoreDetailsQuery(store.id);
  const [isRegistering, setIsRegistering] = useState(false);
  const location = details.data?.location ?? store.location;
  const coordinates = formatCoordinates(location);

  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{store.name}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          {details.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void details.refetch()}>
                  Retry
                </Button>
              }
            >
              {getErrorMessage(details.error, STORE_ERRORS.details)}
            </Alert>
          ) : null}
          <Box
            component="dl"
            aria-label="Store figures"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1.5 }}
          >
            {COUNTS.map(({ key, label }) => (
              <Paper key={key} variant="outlined" sx={{ p: 1.5 }}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="h4" sx={{ m: 0 }}>
                  {details.data ? (
                    details.data[key].toLocaleString()
                  ) : details.isError ? (
                    '—'
                  ) : (
                    <Skeleton width={40} />
                  )}
                </Typography>
              </Paper>
            ))}
          </Box>
          <Box component="section" aria-labelledby={`${titleId}-location`}>
            <Typography id={`${titleId}-location`} variant="h6" component="h3" sx={{ mb: 0.5 }}>
              Location
            </Typography>
            <Typography variant="body2">{location.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {[formatAddress(location), coordinates, location.phone].filter(Boolean).join(' · ') ||
                'No address given.'}
            </Typography>
          </Box>
          <Box component="section" aria-labelledby={`${titleId}-readers`}>
            <Box sx={{ display: 'flex', alignItems: 'center', mb: 0.5 }}>
              <Typography id={`${titleId}-readers`} variant="h6" component="h3" sx={{ flex: 1 }}>
                Card readers
              </Typography>
              {canRegisterReader ? (
                <Button size="small" startIcon={<AddIcon />} onClick={() => setIsRegistering(true)}>
                  Register reader
                </Button>
              ) : null}
            </Box>
            {details.isLoading ? (
              <Skeleton height={48} />
            ) : details.data && details.data.readers.length > 0 ? (
              <List dense disablePadding aria-label="Card readers">
                {details.data.readers.map((reader) => (
                  <ListItem key={reader.id} divider disableGutters>
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <CreditCardOutlinedIcon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText
                      primary={reader.label}
                      secondary={`${reader.deviceType.replaceAll('_', ' ')} · ${reader.providerReaderId}`}
                    />
                    <Box sx={{ display: 'flex', gap: 0.5 }}>
                      {reader.sandbox ? <Chip size="small" label="Sandbox" variant="outlined" /> : null}
                      <Chip size="small" label={reader.status} />
                    </Box>
                  </ListItem>
                ))}
              </List>
            ) : details.data ? (
              <Typography variant="body2" color="text.secondary">
                {NO_READERS_TEXT}
                {canRegisterReader ? ' Register the first one to take card payments at this store.' : ''}
              </Typography>
            ) : null}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>
            Close
          </Button>
        </DialogActions>
      </Dialog>
      {isRegistering ? <ReaderDialog store={store} onClose={() => setIsRegistering(false)} /> : null}
    </>
  );
}
