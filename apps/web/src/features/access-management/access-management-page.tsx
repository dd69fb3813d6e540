import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { DEFAULT_PAGE_SIZE, isPermitted, type TBusinessUser } from '@app/contracts';
import { useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { getErrorMessage } from '../../api/api-error';
import { DataTable } from '../../components/data-table/data-table';
import { EmptyState, ListToolbar, SearchField } from '../../components/list-controls';
import { PageHeader } from '../../components/page-header';
import { notifyError, notifySuccess } from '../../components/toast';
import { useSettled } from '../../lib/use-settled';
import { selectRoles, selectSessionUser } from '../../session/session.slice';
import {
  useGetWorkerTotalQuery,
  useListBusinessUsersQuery,
  useListStaffLocationsQuery,
  useResendInvitationMutation,
} from './access-management.api';
import { AssignRolesDialog } from './components/assign-roles-dialog';
import { InviteDialog } from './components/invite-dialog';
import { getStaffColumns } from './components/staff-columns';
import { type PendingAction } from './components/staff-confirm';
import { StaffConfirmDialog } from './components/staff-confirm-dialog';
import { StaffStatusFilter, type StaffFilter } from './components/status-filter';
import { ACCESS_ERRORS, ACCESS_SUCCESS } from './messages';
import { getRowPermissions, isOwner } from './staff-permissions';

export const NO_STAFF_TEXT = 'No staff yet. Invite your first team member.';
export const NO_MATCHING_STAFF_TEXT = 'No team members match the search and filter.';
export const SEARCH_DELAY_MS = 300;

function workerCountText(total: number): string {
  return `${total} ${total === 1 ? 'worker' : 'workers'} besides the owner`;
}

/** /dashboard/access: the business's members, their roles and status, and invitations. */
export function AccessManagementPage() {
  const roles = useSelector(selectRoles);
  const selfId = useSelector(selectSessionUser)?.userId ?? null;
  const canInvite = isPermitted(roles, 'users:create');
  const isViewerOwner = isOwner(roles);

  const [filter, setFilter] = useState<StaffFilter>('ALL');
  const [searchInput, setSearchInput] = useState('');
  const search = useSettled(searchInput.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [isInviting, setIsInviting] = useState(false);
  const [assigning, setAssigning] = useState<TBusinessUser | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);

  // A new search or filter starts at the first page.
  const [query, setQuery] = useState({ search, filter });
  if (query.search !== search || query.filter !== filter) {
    setQuery({ search, filter });
    setPage(0);
  }

  const list = useListBusinessUsersQuery({
    page,
    size,
    ...(search === '' ? {} : { search }),
    ...(filter === 'ALL' ? {} : { status: filter }),
  });
  const invited = useListBusinessUsersQuery({ page: 0, size: 1, status: 'INVITED' });
  const total = useGetWorkerTotalQuery();
  const locations = useListStaffLocationsQuery();
  const [resendInvitation] = useResendInvitationMutation();

  // The last row of the last page went (deleted, filtered out): show the page before it.
  const lastPage = list.data ? Math.max(0, list.data.totalPages - 1) : page;
  if (list.data && !list.isFetching && page > lastPage) setPage(lastPage);

  const locationNames = useMemo(
    () => new Map((locations.data ?? []).map((location) => [location.id, location.name])),
    [locations.data],
  );
  const viewer = { userId: selfId, roles };

  const resend = async (user: TBusinessUser) => {
    try {
      await resendInvitation(user.id).unwrap();
      notifySuccess(ACCESS_SUCCESS.resendInvitation);
    } catch (error) {
      notifyError(getErrorMessage(error, ACCESS_ERRORS.resendInvitation));
    }
  };

  const columns = getStaffColumns({
    permissionsOf: (user) => getRowPermissions(user, viewer),
    locationName: (locationId) => (locationId ? (locationNames.get(locationId) ?? '—') : '—'),
    selfId,
    onAssignRoles: setAssigning,
    onRemoveRole: (user, role) => setPending({ kind: 'removeRole', user, role }),
    onToggleStatus: (user) => setPending({ kind: user.status === 'DISABLED' ? 'enable' : 'disable', user }),
    onDelete: (user) => setPending({ kind: 'delete', user }),
    onResendInvitation: (user) => void resend(user),
  });

  const inviteButton = canInvite ? (
    <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setIsInviting(true)}>
      Invite staff
    </Button>
  ) : null;

  const invitedCount = invited.data?.totalElements ?? 0;
  const rows = list.data?.content ?? [];
  const isFiltered = search !== '' || filter !== 'ALL';
  const count = list.data?.totalElements;
  // The owners are always listed: "no staff" is a worker count of 0, not an empty table.
  const hasNoStaff = !isFiltered && total.data?.total === 0;
  return (
    <Box>
      <PageHeader
        title="Access Management"
        subtitle={
          total.isError ? (
            <Box component="span" sx={{ color: 'error.main' }}>
              {getErrorMessage(total.error, ACCESS_ERRORS.total)}
            </Box>
          ) : total.data ? (
            workerCountText(total.data.total)
          ) : (
            'Your staff and what each person can reach.'
          )
        }
        actions={inviteButton}
      />
      {invitedCount > 0 && filter !== 'INVITED' ? (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setFilter('INVITED')}>
              Show pending invitations
            </Button>
          }
        >
          {invitedCount === 1
            ? '1 invitation is waiting to be accepted.'
            : `${invitedCount} invitations are waiting to be accepted.`}
        </Alert>
      ) : null}
      <ListToolbar>
        <SearchField value={searchInput} onChange={setSearchInput} label="Search by name or e-mail" />
        <StaffStatusFilter value={filter} onChange={setFilter} />
      </ListToolbar>
      {list.isError ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Retry
            </Button>
          }
        >
          {getErrorMessage(list.error, ACCESS_ERRORS.list)}
        </Alert>
      ) : null}
      <DataTable
        title={count === undefined ? 'Team' : `${count} ${count === 1 ? 'member' : 'members'}`}
        ariaLabel="Team members"
        columns={columns}
        rows={rows}
        isLoading={list.isFetching}
        isDense
        getRowLabel={(user) => user.fullName}
        pagination={{
          page,
          rowsPerPage: size,
          totalCount: count ?? 0,
          onPageChange: setPage,
          onRowsPerPageChange: (next) => {
            setSize(next);
            setPage(0);
          },
        }}
        emptyContent={
          list.isError ? (
            'No data available'
          ) : isFiltered ? (
            NO_MATCHING_STAFF_TEXT
          ) : hasNoStaff ? (
            // The empty state below names the next step once.
            'No members yet.'
          ) : (
            <EmptyState message={canInvite ? NO_STAFF_TEXT : 'No staff yet.'} action={inviteButton} />
          )
        }
      />
      {hasNoStaff ? (
        <Paper variant="outlined" sx={{ mt: 2, py: 4 }}>
          <EmptyState message={canInvite ? NO_STAFF_TEXT : 'No staff yet.'} action={inviteButton} />
        </Paper>
      ) : null}
      {isInviting ? <InviteDialog onClose={() => setIsInviting(false)} /> : null}
      {assigning ? (
        <AssignRolesDialog
          user={assigning}
          canGrantOwner={isViewerOwner}
          onClose={() => setAssigning(null)}
        />
      ) : null}
      <StaffConfirmDialog action={pending} onDone={() => setPending(null)} />
    </Box>
  );
}
