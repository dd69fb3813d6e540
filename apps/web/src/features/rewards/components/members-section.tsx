import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { DEFAULT_PAGE_SIZE, LOYALTY_MEMBER_SORTS, type TLoyaltyMember } from '@app/contracts';
import { useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmptyState, ListToolbar, NoWrap, SearchField } from '../../../components/list-controls';
import { useSettled } from '../../../lib/use-settled';
import { NO_MATCHING_MEMBERS_TEXT, NO_MEMBERS_TEXT, REWARDS_ERRORS } from '../messages';
import { useListLoyaltyMembersQuery } from '../rewards.api';
import { AddMemberDialog } from './add-member-dialog';
import { MemberDialog, memberLabel } from './member-dialog';

/** Typing settles for this long before the server is asked. */
export const SEARCH_DELAY_MS = 300;

type MemberSort = (typeof LOYALTY_MEMBER_SORTS)[number];
const SORT_LABELS: Record<MemberSort, string> = { name: 'Name', points: 'Top points', newest: 'Newest' };

const count = new Intl.NumberFormat();
const dash = (value: string | null) => value || '—';

/** The members, paged, searched and sorted on the server; a member's name opens her card. */
export function MembersSection({ canCreate, canUpdate }: { canCreate: boolean; canUpdate: boolean }) {
  const [searchInput, setSearchInput] = useState('');
  const search = useSettled(searchInput.trim(), SEARCH_DELAY_MS);
  const [sort, setSort] = useState<MemberSort>('name');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [isAdding, setIsAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);

  // A new search or order starts at the first page.
  const [query, setQuery] = useState({ search, sort });
  if (query.search !== search || query.sort !== sort) {
    setQuery({ search, sort });
    setPage(0);
  }

  const list = useListLoyaltyMembersQuery({ page, size, sort, ...(search ? { search } : {}) });
  const total = list.data?.totalElements;

  const columns: DataTableColumn<TLoyaltyMember>[] = [
    {
      id: 'cardCode',
      label: 'Card code',
      format: (value) => (
        <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
          {value}
        </Box>
      ),
    },
    {
      id: 'name',
      label: 'Name',
      render: (member) => (
        <Link
          component="button"
          type="button"
          underline="hover"
          onClick={() => setOpenId(member.id)}
          sx={{ textAlign: 'left' }}
        >
          {memberLabel(member)}
        </Link>
      ),
    },
    { id: 'email', label: 'E-mail', format: dash },
    { id: 'phone', label: 'Phone', format: (value) => <NoWrap>{dash(value)}</NoWrap> },
    { id: 'points', label: 'Points', numeric: true, format: (value) => count.format(value) },
    { id: 'tier', label: 'Tier', format: dash },
  ];

  const addButton = canCreate ? (
    <Button variant="contained" startIcon={<PersonAddAlt1OutlinedIcon />} onClick={() => setIsAdding(true)}>
      Add member
    </Button>
  ) : null;

  return (
    <Box component="section" aria-label="Members">
      <ListToolbar>
        <SearchField value={searchInput} onChange={setSearchInput} label="Search members" />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={sort}
          aria-label="Sort by"
          onChange={(_event, next: MemberSort | null) => {
            if (next) setSort(next);
          }}
          sx={{ bgcolor: 'background.paper' }}
        >
          {LOYALTY_MEMBER_SORTS.map((option) => (
            <ToggleButton
              key={option}
              value={option}
              sx={{ px: 1.5, py: 0.5, color: 'text.secondary', '&.Mui-selected': { color: 'text.primary' } }}
            >
              {SORT_LABELS[option]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        {addButton}
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
          {getErrorMessage(list.error, REWARDS_ERRORS.members)}
        </Alert>
      ) : null}
      <DataTable
        title={
          total === undefined ? 'Members' : `${count.format(total)} ${total === 1 ? 'member' : 'members'}`
        }
        ariaLabel="Members"
        columns={columns}
        rows={list.data?.content ?? []}
        isLoading={list.isFetching}
        getRowLabel={memberLabel}
        pagination={{
          page,
          rowsPerPage: size,
          totalCount: total ?? 0,
          onPageChange: setPage,
          onRowsPerPageChange: (next) => {
            setSize(next);
            setPage(0);
          },
        }}
        emptyContent={
          list.isError ? (
            'No data available'
          ) : search ? (
            NO_MATCHING_MEMBERS_TEXT
          ) : (
            <EmptyState message={canCreate ? NO_MEMBERS_TEXT : 'No members yet.'} action={addButton} />
          )
        }
      />
      {isAdding ? <AddMemberDialog onClose={() => setIsAdding(false)} /> : null}
      {openId ? (
        <MemberDialog memberId={openId} canUpdate={canUpdate} onClose={() => setOpenId(null)} />
      ) : null}
    </Box>
  );
}
