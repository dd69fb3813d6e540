import AddBusinessOutlinedIcon from '@mui/icons-material/AddBusinessOutlined';
import StoreMallDirectoryOutlinedIcon from '@mui/icons-material/StoreMallDirectoryOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ROUTE_ROLES, hasAnyRole, isPermitted } from '@app/contracts';
import { useReducer, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { RouterLink } from '../../components/router-link';
import { selectRoles } from '../../session/session.slice';
import { EMPTY_BASKET, basketReducer } from './basket';
import { RecentSales } from './components/recent-sales';
import { StorePicker } from './components/store-picker';
import { NO_STORES_TEXT } from './messages';
import { Till } from './till';
import { useTillStore } from './use-till-store';

const STORES_PATH = '/dashboard/stores';

type TillTabProps = {
  /** The page's header, given this tab's actions (the store picker). */
  renderHeader: (actions: ReactNode) => ReactNode;
  /** The page's tabs, shown under the header. */
  tabs: ReactNode;
  panelProps: Record<string, string>;
};

/**
 * Not the storefront icon of the stores screens: as the seventh entry using it, it would move into
 * the shared `mui` chunk that /login loads (vite.config.ts).
 */
function NoStoresState() {
  const roles = useSelector(selectRoles);
  const canAdd = hasAnyRole(roles, ROUTE_ROLES[STORES_PATH] ?? null);
  return (
    <Paper
      variant="outlined"
      sx={{ py: 6, px: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}
    >
      <StoreMallDirectoryOutlinedIcon color="action" sx={{ fontSize: 40 }} aria-hidden="true" />
      <Typography variant="h5" component="h2">
        No stores yet
      </Typography>
      <Typography color="text.secondary" sx={{ textAlign: 'center', maxWidth: 480 }}>
        {canAdd
          ? NO_STORES_TEXT
          : 'A sale is recorded at a store. Ask an owner or an administrator to add one.'}
      </Typography>
      {canAdd ? (
        <Button
          component={RouterLink}
          to={STORES_PATH}
          variant="contained"
          startIcon={<AddBusinessOutlinedIcon />}
        >
          Add a store
        </Button>
      ) : null}
    </Paper>
  );
}

/**
 * The Till tab of /dashboard/inventory (sales:record): the till of the chosen store, and that
 * store's recent sales with their refunds below it. The store picker sits in the page header; it
 * is locked while the basket holds anything, since the basket's products belong to the store's
 * location.
 */
export function TillTab({ renderHeader, tabs, panelProps }: TillTabProps) {
  const roles = useSelector(selectRoles);
  const choice = useTillStore();
  const [lines, dispatch] = useReducer(basketReducer, EMPTY_BASKET);
  const { store } = choice;

  return (
    <>
      {renderHeader(<StorePicker choice={choice} isLocked={lines.length > 0} />)}
      {tabs}
      <Box {...panelProps}>
        {choice.error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void choice.refetch()}>
                Retry
              </Button>
            }
          >
            {choice.error}
          </Alert>
        ) : null}
        {choice.isLoading ? (
          <Box aria-label="Loading the till">
            <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
            <Skeleton variant="rounded" height={240} />
          </Box>
        ) : null}
        {choice.isEmpty ? <NoStoresState /> : null}
        {store ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
            <Till key={`till-${store.id}`} store={store} lines={lines} dispatch={dispatch} />
            {isPermitted(roles, 'sales:read') ? (
              <RecentSales
                key={`sales-${store.id}`}
                store={store}
                canRefund={isPermitted(roles, 'sales:refund')}
              />
            ) : null}
          </Box>
        ) : null}
      </Box>
    </>
  );
}
