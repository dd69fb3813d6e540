import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { LOYALTY_MEMBER_SORTS, type TLoyaltyMember } from '@app/contracts';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { ChoiceFilter, NoWrap } from '../../../components/list-controls';
import { PagedList, usePagedList } from '../../../components/paged-list';
import { NO_MATCHING_MEMBERS_TEXT, NO_MEMBERS_TEXT, REWARDS_ERRORS } from '../messages';
import { useListLoyaltyMembersQuery } from '../rewards.api';
import { AddMemberDialog } from './add-member-dialog';
import { MemberDialog, memberLabel } from './member-dialog';

type MemberSort = (typeof LOYALTY_MEMBER_SORTS)[number];
const SORT_LABELS: Record<MemberSort, string> = { name: 'Name', points: 'Top points', newest: 'Newest' };

const count = new Intl.NumberFormat();
const dash = (value: string | null) => value || '—';

/** The members, paged, searched and sorted on the server; a member's name opens her card. */
export function MembersSection({ canCreate, canUpdate }: { canCreate: boolean; canUpdate: boolean }) {
  const [sort, setSort] = useState<MemberSort>('name');
  const paging = usePagedList(sort);
  const { search, page, size } = paging;
  const [isAdding, setIsAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);

  const list = useListLoyaltyMembersQuery({ page, size, sort, ...(search ? { search } : {}) });

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
      <PagedList
        paging={paging}
        query={list}
        title="Members"
        countTitle={(total) => `${count.format(total)} ${total === 1 ? 'member' : 'members'}`}
        searchLabel="Search members"
        filters={
          <ChoiceFilter
            value={sort}
            onChange={setSort}
            options={LOYALTY_MEMBER_SORTS}
            labels={SORT_LABELS}
            label="Sort by"
          />
        }
        toolbarAction={addButton}
        errorFallback={REWARDS_ERRORS.members}
        isFiltered={search !== ''}
        noMatchText={NO_MATCHING_MEMBERS_TEXT}
        emptyMessage={canCreate ? NO_MEMBERS_TEXT : 'No members yet.'}
        emptyAction={addButton}
        columns={columns}
        getRowLabel={memberLabel}
      />
      {isAdding ? <AddMemberDialog onClose={() => setIsAdding(false)} /> : null}
      {openId ? (
        <MemberDialog memberId={openId} canUpdate={canUpdate} onClose={() => setOpenId(null)} />
      ) : null}
    </Box>
  );
}
