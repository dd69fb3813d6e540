import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { NO_PROGRAM_TEXT } from './messages';
import { RewardsPage } from './rewards-page';
import {
  pathOf,
  POINTS_TEMPLATE,
  PROGRAM_PATH,
  renderRewards,
  TIERED_PROGRAM,
  TIERED_RULES,
  TIERED_TEMPLATE,
} from './rewards.test-kit';

describe(RewardsPage.name, () => {
  describe('without a programme', () => {
    it('says none is running and activates a built-in template from the gallery', async () => {
      const { requests } = renderRewards({
        routes: [
          {
            method: 'POST',
            path: `/api/business/loyalty-program/activate/${POINTS_TEMPLATE.id}`,
            answer: () => jsonResponse(200, { ...TIERED_PROGRAM, templateId: POINTS_TEMPLATE.id }),
          },
        ],
      });
      expect(await screen.findByRole('heading', { name: NO_PROGRAM_TEXT })).toBeInTheDocument();
      const card = await screen.findByRole('article', { name: POINTS_TEMPLATE.name });
      expect(within(card).getByText('Built-in')).toBeInTheDocument();
      expect(card).toHaveTextContent('1 point per £1.00 spent · rewards: £5.00 off for 500 points');
      expect(
        within(screen.getByRole('article', { name: 'Summer cashback' })).getByText('Your template'),
      ).toBeInTheDocument();

      await userEvent.click(within(card).getByRole('button', { name: `Activate ${POINTS_TEMPLATE.name}` }));
      expect(await screen.findByText('Loyalty programme activated')).toBeInTheDocument();
      const activation = requests.find((request) => request.method === 'POST')!;
      expect(pathOf(activation)).toBe(`/api/business/loyalty-program/activate/${POINTS_TEMPLATE.id}`);
      // The programme is asked for again.
      await waitFor(() =>
        expect(
          requests.filter((request) => pathOf(request) === '/api/business/loyalty-program/active'),
        ).toHaveLength(2),
      );
    });

    it('puts the focus on the running programme once the Activate button it came from is gone', async () => {
      let running: typeof TIERED_PROGRAM | null = null;
      renderRewards({
        routes: [
          {
            method: 'POST',
            path: `/api/business/loyalty-program/activate/${TIERED_TEMPLATE.id}`,
            answer: () => {
              running = TIERED_PROGRAM;
              return jsonResponse(200, TIERED_PROGRAM);
            },
          },
          {
            path: PROGRAM_PATH,
            answer: () =>
              running
                ? jsonResponse(200, running)
                : jsonResponse(404, { code: 'NOT_FOUND', message: 'No loyalty programme is active.' }),
          },
        ],
      });
      const card = await screen.findByRole('article', { name: TIERED_TEMPLATE.name });
      within(card)
        .getByRole('button', { name: `Activate ${TIERED_TEMPLATE.name}` })
        .focus();
      await userEvent.keyboard('{Enter}');
      const section = await screen.findByRole('region', { name: 'Running programme' });
      await waitFor(() => expect(section.parentElement).toHaveFocus());
      expect(within(card).queryByRole('button', { name: /^Activate/ })).not.toBeInTheDocument();
    });

    it('opens Feature Locked when the plan has no loyalty', async () => {
      const { store } = renderRewards({
        routes: [
          {
            method: 'POST',
            path: /\/activate\//,
            answer: () =>
              jsonResponse(
                403,
                { code: 'PLAN_VIOLATION', message: 'Loyalty is part of the Basic plan and above.' },
                { 'X-Plan-Violation': '1' },
              ),
          },
        ],
      });
      const card = await screen.findByRole('article', { name: POINTS_TEMPLATE.name });
      await userEvent.click(within(card).getByRole('button', { name: /^Activate/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Feature Locked' });
      expect(dialog).toHaveTextContent('Loyalty is part of the Basic plan and above.');
      expect(store.getState().ui.upgradeModalOpen).toBe(true);
    });
  });

  describe('with a tiered programme', () => {
    it('shows its rules in words and its tiers, and marks its template Active', async () => {
      renderRewards({ program: TIERED_PROGRAM });
      const section = await screen.findByRole('region', { name: 'Running programme' });
      expect(within(section).getByRole('heading', { name: TIERED_PROGRAM.templateName })).toBeInTheDocument();
      expect(within(section).getByText('Tiered points')).toBeInTheDocument();
      expect(section).toHaveTextContent(
        '1 point per £1.00 spent · more in higher tiers · rewards: £5.00 off for 500 points, £15.00 off for 1,200 points · points kept 12 months',
      );
      const rows = within(within(section).getByRole('table', { name: 'Tiers' })).getAllByRole('row');
      expect(rows.map((row) => row.textContent)).toEqual([
        'TierFrom points earnedEarns',
        'Bronze0×1',
        'Silver1,000×1.25',
        'Gold5,000×1.5',
      ]);
      const card = await screen.findByRole('article', { name: TIERED_TEMPLATE.name });
      expect(within(card).getByText('Active')).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: /^Activate/ })).toBeNull();
    });

    it('sends an overridden threshold as the whole list of tiers and shows the server’s error at the field', async () => {
      const { requests } = renderRewards({
        program: TIERED_PROGRAM,
        routes: [
          {
            method: 'PATCH',
            path: `/api/business/loyalty-program/${TIERED_PROGRAM.id}/override`,
            answer: () =>
              jsonResponse(400, {
                code: 'VALIDATION_ERROR',
                message: 'Each tier needs more points than the one before.',
                details: {
                  fieldErrors: { 'overrides.tiers.1.threshold': ['Silver needs fewer points than Gold.'] },
                },
              }),
          },
        ],
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Adjust the rules' }));
      const dialog = await screen.findByRole('dialog', { name: 'Adjust the rules' });
      const silver = within(within(dialog).getByRole('group', { name: 'Tier 2' })).getByLabelText(
        'From points',
      );
      await userEvent.clear(silver);
      await userEvent.type(silver, '800');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save rules' }));

      expect(await within(dialog).findByText('Silver needs fewer points than Gold.')).toBeInTheDocument();
      expect(silver).toHaveAttribute('aria-invalid', 'true');
      const patch = requests.find((request) => request.method === 'PATCH')!;
      expect(await patch.json()).toEqual({
        overrides: {
          tiers: [
            { name: 'Bronze', threshold: 0, multiplier: 1 },
            { name: 'Silver', threshold: 800, multiplier: 1.25 },
            { name: 'Gold', threshold: 5000, multiplier: 1.5 },
          ],
        },
      });
    });

    it('checks the rules before sending, and returns to the template’s rules with {}', async () => {
      const { requests } = renderRewards({
        program: {
          ...TIERED_PROGRAM,
          overrides: { expiryMonths: 24 },
          rules: { ...TIERED_RULES, expiryMonths: 24 },
        },
        routes: [
          {
            method: 'PATCH',
            path: /\/override$/,
            answer: () => jsonResponse(200, TIERED_PROGRAM),
          },
        ],
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Adjust the rules' }));
      const dialog = await screen.findByRole('dialog', { name: 'Adjust the rules' });
      const gold = within(within(dialog).getByRole('group', { name: 'Tier 3' })).getByLabelText('Tier name');
      await userEvent.clear(gold);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save rules' }));
      expect(await within(dialog).findByText('Name the tier.')).toBeInTheDocument();
      expect(requests.some((request) => request.method === 'PATCH')).toBe(false);

      await userEvent.click(within(dialog).getByRole('button', { name: 'Back to the template’s rules' }));
      expect(await screen.findByText('Back to the template’s rules')).toBeInTheDocument();
      const patch = requests.find((request) => request.method === 'PATCH')!;
      expect(await patch.json()).toEqual({ overrides: {} });
    });

    it('deactivates after the confirmation', async () => {
      const { requests } = renderRewards({
        program: TIERED_PROGRAM,
        routes: [
          {
            method: 'POST',
            path: '/api/business/loyalty-program/deactivate',
            answer: () => jsonResponse(200, { ...TIERED_PROGRAM, active: false }),
          },
        ],
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
      const confirm = await screen.findByRole('dialog', { name: 'Confirm Action' });
      expect(requests.some((request) => request.method === 'POST')).toBe(false);
      await userEvent.click(within(confirm).getByRole('button', { name: 'Proceed' }));
      expect(await screen.findByText('Loyalty programme deactivated')).toBeInTheDocument();
    });

    it('keeps the focus on the programme card when deactivating removes the Deactivate button', async () => {
      let running: typeof TIERED_PROGRAM | null = TIERED_PROGRAM;
      renderRewards({
        routes: [
          {
            method: 'POST',
            path: '/api/business/loyalty-program/deactivate',
            answer: () => {
              running = null;
              return jsonResponse(200, { ...TIERED_PROGRAM, active: false });
            },
          },
          {
            path: PROGRAM_PATH,
            answer: () =>
              running
                ? jsonResponse(200, running)
                : jsonResponse(404, { code: 'NOT_FOUND', message: 'No loyalty programme is active.' }),
          },
        ],
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
      const confirm = await screen.findByRole('dialog', { name: 'Confirm Action' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Proceed' }));
      const empty = await screen.findByRole('heading', { name: NO_PROGRAM_TEXT });
      await waitFor(() => expect(empty.closest('[tabindex="-1"]')).toHaveFocus());
    });
  });

  it('creates a business template with the rules of its type', async () => {
    const { requests } = renderRewards({
      routes: [
        { method: 'POST', path: '/api/loyalty-templates', answer: () => jsonResponse(201, POINTS_TEMPLATE) },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Weekend stamps');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Stamp card' }));
    const visits = within(dialog).getByLabelText('Visits for the reward');
    await userEvent.clear(visits);
    await userEvent.type(visits, '8');
    await userEvent.click(within(dialog).getByLabelText('Never expire'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add template' }));
    expect(await screen.findByText('Loyalty template added')).toBeInTheDocument();
    const create = requests.find((request) => request.method === 'POST')!;
    expect(await create.json()).toEqual({
      name: 'Weekend stamps',
      description: '',
      rules: {
        type: 'VISITS',
        visitsForReward: 8,
        minimumSpend: '5.00',
        reward: { name: 'A free coffee', value: '3.50' },
        expiryMonths: null,
      },
    });
  });

  it('shows a reader the programme and the templates without any action', async () => {
    renderRewards({ program: TIERED_PROGRAM, roles: ['ROLE_LOYALTY_READER'] });
    await screen.findByRole('region', { name: 'Running programme' });
    await screen.findByRole('article', { name: POINTS_TEMPLATE.name });
    for (const name of [/Adjust the rules/, /Deactivate/, /^Activate/, /New template/, /^Edit/, /^Switch/]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('lets a loyalty contributor adjust the rules but not switch programmes', async () => {
    renderRewards({ program: TIERED_PROGRAM, roles: ['ROLE_LOYALTY_CONTRIBUTOR'] });
    expect(await screen.findByRole('button', { name: 'Adjust the rules' })).toBeInTheDocument();
    await screen.findByRole('article', { name: POINTS_TEMPLATE.name });
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Activate/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Summer cashback' })).toBeInTheDocument();
  });
});
