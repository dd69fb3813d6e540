import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { MembersSection } from './components/members-section';
import { NO_MEMBERS_TEXT } from './messages';
import {
  member,
  memberDetail,
  memberPage,
  MEMBERS,
  pathOf,
  queryOf,
  renderRewards,
} from './rewards.test-kit';

const MEMBERS_TAB = '/dashboard/rewards?tab=members';
const listCalls = (requests: Request[]) =>
  requests.filter((request) => request.method === 'GET' && pathOf(request) === '/api/loyalty/members');

describe(MembersSection.name, () => {
  it('lists members a page at a time, then searches and sorts on the server', async () => {
    const { requests } = renderRewards({ entry: MEMBERS_TAB });
    const table = await screen.findByRole('table', { name: 'Members' });
    await within(table).findByText('Member 01');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      /CARD-0001.*Member 01.*member1@example\.com.*—.*100.*Bronze/,
    );
    expect(screen.getByText('12 members')).toBeInTheDocument();
    expect(queryOf(listCalls(requests)[0]!)).toEqual({ page: '0', size: '10', sort: 'name' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search members' }), 'member 1');
    await waitFor(() =>
      expect(queryOf(listCalls(requests).at(-1)!)).toEqual({
        page: '0',
        size: '10',
        sort: 'name',
        search: 'member 1',
      }),
    );
    // One call for the settled text, none per keystroke.
    expect(listCalls(requests).filter((request) => queryOf(request).search !== undefined)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Top points' }));
    await waitFor(() =>
      expect(queryOf(listCalls(requests).at(-1)!)).toMatchObject({
        sort: 'points',
        search: 'member 1',
        page: '0',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Newest' }));
    await waitFor(() => expect(queryOf(listCalls(requests).at(-1)!)).toMatchObject({ sort: 'newest' }));
  });

  it('adds a member, leaving the card code to the server when blank', async () => {
    const { requests } = renderRewards({
      entry: MEMBERS_TAB,
      routes: [
        { path: '/api/loyalty/members', answer: (request) => jsonResponse(200, memberPage(request, [])) },
        { method: 'POST', path: '/api/loyalty/members', answer: () => jsonResponse(201, member(99)) },
      ],
    });
    expect(await screen.findByText(NO_MEMBERS_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add member' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add member' });
    expect(within(dialog).getByText('Made for you when left empty.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'not-an-address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add member' }));
    expect(within(dialog).getByText('Enter a valid e-mail address.')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Ada Lovelace');
    await userEvent.clear(within(dialog).getByLabelText('E-mail'));
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'ada@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('Member added')).toBeInTheDocument();
    const create = requests.find((request) => request.method === 'POST')!;
    expect(await create.json()).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', phone: '' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add member' })).toBeNull());
  });

  it('opens a member with her figures and history, and corrects her balance keeping her details', async () => {
    const first = MEMBERS[0]!;
    const { requests } = renderRewards({
      entry: MEMBERS_TAB,
      routes: [
        { path: `/api/loyalty/members/${first.id}`, answer: () => jsonResponse(200, memberDetail(first)) },
        {
          method: 'PUT',
          path: `/api/loyalty/members/${first.id}`,
          answer: () => jsonResponse(200, memberDetail(first)),
        },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Member 01' }));
    const dialog = await screen.findByRole('dialog', { name: /Member 01/ });
    const history = await within(dialog).findByRole('table', { name: 'Points history' });
    const rows = within(history).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/Redeemed.*−500|Redeemed.*-500/);
    expect(rows[1]).toHaveTextContent(/100/);
    expect(rows[2]).toHaveTextContent(/Earned.*\+600.*600/);
    expect(dialog).toHaveTextContent(/Points\s*100/);
    expect(dialog).toHaveTextContent(/Lifetime points\s*150/);
    expect(dialog).toHaveTextContent(/Tier\s*Bronze/);

    const correction = within(dialog).getByRole('form', { name: 'Correct the balance' });
    await userEvent.type(within(correction).getByLabelText('Points'), '25');
    await userEvent.click(within(correction).getByRole('button', { name: 'Correct the balance' }));
    expect(await within(correction).findByText('Say why the balance is corrected.')).toBeInTheDocument();
    await userEvent.type(within(correction).getByLabelText('Reason'), 'Lost receipt{Enter}');
    expect(await screen.findByText('Balance corrected')).toBeInTheDocument();
    // The fields were disabled while sending: the focus comes back to the points, not the frame.
    await waitFor(() => expect(within(correction).getByLabelText('Points')).toHaveFocus());
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(await put.json()).toEqual({
      name: 'Member 01',
      email: 'member1@example.com',
      phone: null,
      adjustment: { delta: 25, note: 'Lost receipt' },
    });
  });

  it('shows a reader the members and a member without any way to change them', async () => {
    const first = MEMBERS[0]!;
    renderRewards({
      entry: MEMBERS_TAB,
      roles: ['ROLE_LOYALTY_READER'],
      routes: [
        { path: `/api/loyalty/members/${first.id}`, answer: () => jsonResponse(200, memberDetail(first)) },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Member 01' }));
    const dialog = await screen.findByRole('dialog', { name: /Member 01/ });
    await within(dialog).findByRole('table', { name: 'Points history' });
    expect(within(dialog).getByLabelText('Name')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: /Save|Correct/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add member' })).toBeNull();
  });
});
