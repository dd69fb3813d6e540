import DoneAllIcon from '@mui/icons-material/DoneAll';
import PodcastsOutlinedIcon from '@mui/icons-material/PodcastsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DEFAULT_PAGE_SIZE, isPermitted, type TInboxAlert } from '@app/contracts';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import {
  ALERT_MESSAGES,
  useListAlertStoresQuery,
  useListInboxQuery,
  useMarkAlertReadMutation,
  useMarkAllAlertsReadMutation,
} from '../../api/alerts.api';
import { getErrorMessage } from '../../api/api-error';
import { EmptyState } from '../../components/list-controls';
import { PageHeader } from '../../components/page-header';
import { RouterLink } from '../../components/router-link';
import { notifyError, notifySuccess } from '../../components/toast';
import { selectRoles } from '../../session/session.slice';
import { InboxFiltersBar, NO_FILTERS, hasFilters, type InboxFilters } from './components/inbox-filters';
import { InboxTable } from './components/inbox-table';
import { ALERT_TOAST_MS, COMMUNICATIONS_TEXT, allMarkedRead } from './messages';

const BROADCAST_PATH = '/dashboard/broadcast';

/**
 * /dashboard/communications: the signed-in user's alerts (issue 13), paged on the server, with
 * filters by severity, store and unread; marking read one or all; "Open" goes to what a system
 * alert is about. Business and analytics roles (ROUTE_ROLES); everyone else has the bell's menu.
 */
export function CommunicationsPage() {
  const roles = useSelector(selectRoles);
  const canBroadcast = isPermitted(roles, 'analytics:read');
  const [filters, setFilters] = useState<InboxFilters>(NO_FILTERS);
  const [paging, setPaging] = useState({ page: 0, size: DEFAULT_PAGE_SIZE });

  const inbox = useListInboxQuery({
    page: paging.page,
    size: paging.size,
    severity: filters.severity || undefined,
    storeId: filters.storeId || undefined,
    unread: filters.isUnreadOnly ? 'true' : undefined,
  });
  const stores = useListAlertStoresQuery();
  const [markRead] = useMarkAlertReadMutation();
  const [markAllRead, markAllState] = useMarkAllAlertsReadMutation();

  const changeFilters = (next: InboxFilters) => {
    setFilters(next);
    setPaging((current) => ({ ...current, page: 0 }));
  };

  // The last rows of the last page went (read under "Unread only"): show the page before it.
  const data = inbox.data;
  if (data && !inbox.isFetching && paging.page > 0 && paging.page >= data.totalPages) {
    setPaging({ ...paging, page: Math.max(0, data.totalPages - 1) });
  }

  const readOne = async (alert: TInboxAlert) => {
    try {
      await markRead(alert.id).unwrap();
    } catch (error) {
      notifyError(getErrorMessage(error, ALERT_MESSAGES.read));
    }
  };

  const readAll = async () => {
    try {
      const { marked } = await markAllRead().unwrap();
      notifySuccess(allMarkedRead(marked), { autoClose: ALERT_TOAST_MS });
    } catch (error) {
      notifyError(getErrorMessage(error, ALERT_MESSAGES.readAll));
    }
  };

  const unread = data?.unread ?? 0;
  const total = data?.totalElements;
  const isFiltered = hasFilters(filters);

  return (
    <Box>
      <PageHeader
        title="Communications"
        subtitle={COMMUNICATIONS_TEXT.subtitle}
        actions={
          <>
            {canBroadcast ? (
              <Button
                variant="outlined"
                component={RouterLink}
                to={BROADCAST_PATH}
                startIcon={<PodcastsOutlinedIcon />}
                sx={{ whiteSpace: 'nowrap' }}
              >
                Broadcasts
              </Button>
            ) : null}
            <Button
              variant="contained"
              startIcon={<DoneAllIcon />}
              disabled={unread === 0 || markAllState.isLoading}
              onClick={() => void readAll()}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Mark all read
            </Button>
          </>
        }
      />
      <InboxFiltersBar filters={filters} onChange={changeFilters} stores={stores.data ?? []} />
      {inbox.isError ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void inbox.refetch()}>
              Retry
            </Button>
          }
        >
          {getErrorMessage(inbox.error, ALERT_MESSAGES.inbox)}
        </Alert>
      ) : null}
      <InboxTable
        alerts={data?.content ?? []}
        title={
          total === undefined
            ? 'Alerts'
            : `${total} ${total === 1 ? 'alert' : 'alerts'}${unread > 0 ? ` · ${unread} unread` : ''}`
        }
        roles={roles}
        isLoading={inbox.isFetching}
        pagination={{
          page: paging.page,
          rowsPerPage: paging.size,
          totalCount: total ?? 0,
          onPageChange: (page) => setPaging((current) => ({ ...current, page })),
          onRowsPerPageChange: (size) => setPaging({ page: 0, size }),
        }}
        emptyContent={
          inbox.isError ? (
            'No data available'
          ) : isFiltered ? (
            <EmptyState
              message={COMMUNICATIONS_TEXT.noMatch}
              action={
                <Button size="small" onClick={() => changeFilters(NO_FILTERS)}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState message={COMMUNICATIONS_TEXT.empty} />
          )
        }
        onMarkRead={(alert) => void readOne(alert)}
      />
    </Box>
  );
}
