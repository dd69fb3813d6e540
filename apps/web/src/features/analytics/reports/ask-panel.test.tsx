import { REPORT_EXAMPLE_QUESTIONS, REPORT_QUESTION_MAX_LENGTH } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { sentTo } from '../analytics.test-kit';
import {
  ASK_EMPTY_TEXT,
  ASK_LABEL,
  AskPanel,
  QUESTION_TOO_SHORT,
  SUPREME_EXAMPLE_QUESTIONS,
  WORKING_TEXT,
  questionHint,
} from './ask-panel';
import { BEST_SELLERS, bodiesSentTo, planRefusal, renderReports, type Route } from './reports.test-kit';

const ADVANCED = '/api/reports/advanced/ai';
const SUPREME = '/api/reports/supreme/ai';

afterEach(() => vi.unstubAllGlobals());

const answering = (path: string, answer: Route['answer']): Route => ({ method: 'POST', path, answer });
const box = () => screen.getByRole('textbox', { name: ASK_LABEL });

// Typing without the default pause between keys keeps each file well under its time budget.
let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup({ delay: null });
});

describe(AskPanel.name, () => {
  it('asks on Enter and shows the answer: its summary, table and chart', async () => {
    let release: () => void = () => undefined;
    const { requests } = renderReports(<AskPanel tier="advanced" onLocked={() => undefined} />, [
      answering(
        ADVANCED,
        () => new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(200, BEST_SELLERS)))),
      ),
    ]);
    await user.type(box(), '  best sellers last month  {Enter}');

    // While it thinks: the skeleton and its words.
    expect(await screen.findByRole('status')).toHaveTextContent(WORKING_TEXT);
    expect(screen.getByRole('button', { name: 'Ask' })).toHaveAttribute('aria-disabled', 'true');
    expect(box()).toHaveFocus();
    release();

    expect(await screen.findByRole('heading', { name: BEST_SELLERS.title })).toBeInTheDocument();
    expect(screen.getByText(/Oat milk led with £1,234\.50\./)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Best sellers, October 2026' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Revenue by product' })).toBeInTheDocument();
    expect(await bodiesSentTo(requests, ADVANCED)).toEqual([{ userQuery: 'best sellers last month' }]);
  });

  it('asks a follow-up and an example with one click each', async () => {
    const { requests } = renderReports(<AskPanel tier="advanced" onLocked={() => undefined} />, [
      answering(ADVANCED, () => jsonResponse(200, BEST_SELLERS)),
    ]);
    const examples = screen.getByRole('group', { name: 'Examples' });
    expect(
      within(examples)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual([...REPORT_EXAMPLE_QUESTIONS]);
    await user.click(within(examples).getByRole('button', { name: 'What is my stock worth?' }));
    const followUps = await screen.findByRole('group', { name: 'Ask next' });
    await user.click(within(followUps).getByRole('button', { name: 'Which products are running out?' }));

    await waitFor(async () =>
      expect(await bodiesSentTo(requests, ADVANCED)).toEqual([
        { userQuery: 'What is my stock worth?' },
        { userQuery: 'Which products are running out?' },
      ]),
    );
    expect(box()).toHaveValue('Which products are running out?');
  });

  it('sends a Supreme question in the query with the Ask button', async () => {
    const { requests } = renderReports(<AskPanel tier="supreme" onLocked={() => undefined} />, [
      answering(SUPREME, () => jsonResponse(200, BEST_SELLERS)),
    ]);
    await user.type(box(), 'what will we sell next month');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('heading', { name: BEST_SELLERS.title });
    expect(sentTo(requests, SUPREME)).toEqual([{ query: 'what will we sell next month' }]);
    expect(await bodiesSentTo(requests, SUPREME)).toEqual([{}]);
  });

  it("shows the server's words and its example questions when it did not understand (422)", async () => {
    const { requests } = renderReports(<AskPanel tier="advanced" onLocked={() => undefined} />, [
      answering(ADVANCED, async (request) => {
        const { userQuery } = (await request.json()) as { userQuery: string };
        return userQuery === 'Sales per day last month'
          ? jsonResponse(200, BEST_SELLERS)
          : jsonResponse(422, {
              code: 'UNPROCESSABLE',
              message: 'I did not understand that question.',
              details: { examples: ['Best sellers last month', 'Sales per day last month'] },
            });
      }),
    ]);
    await user.type(box(), 'how is the weather{Enter}');
    const note = await screen.findByText('I did not understand that question.');
    const suggested = within(note.closest('[role="alert"]') as HTMLElement).getByRole('group', {
      name: 'Try one of these',
    });
    // 'Best sellers last month' is an example under the box already: it is not offered twice.
    expect(
      within(suggested)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Sales per day last month']);
    await user.click(within(suggested).getByRole('button', { name: 'Sales per day last month' }));
    expect(await screen.findByRole('heading', { name: BEST_SELLERS.title })).toBeInTheDocument();
    expect(screen.queryByText('I did not understand that question.')).not.toBeInTheDocument();
    expect(await bodiesSentTo(requests, ADVANCED)).toHaveLength(2);
  });

  it.each([
    ['advanced', ADVANCED, 'Failed to fetch advanced AI report'],
    ['supreme', SUPREME, 'Failed to fetch supreme AI report'],
  ] as const)('falls back to its message when the %s call fails without a word', async (tier, path, text) => {
    renderReports(<AskPanel tier={tier} onLocked={() => undefined} />, [
      answering(path, () => new Response(null, { status: 502 })),
    ]);
    await user.type(box(), 'best sellers{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('refuses a question shorter than 3 characters without asking', async () => {
    const { requests } = renderReports(<AskPanel tier="advanced" onLocked={() => undefined} />, []);
    await user.type(box(), 'hi{Enter}');
    expect(await screen.findByText(QUESTION_TOO_SHORT)).toBeInTheDocument();
    expect(sentTo(requests, ADVANCED)).toEqual([]);
  });

  it('opens Feature Locked and locks the page when the plan refuses the question', async () => {
    const onLocked = vi.fn();
    const { store } = renderReports(<AskPanel tier="advanced" onLocked={onLocked} />, [
      answering(ADVANCED, () => planRefusal('AI reports come with the Advanced plan.')),
    ]);
    await user.type(box(), 'best sellers{Enter}');
    expect(await screen.findByRole('dialog')).toHaveTextContent('AI reports come with the Advanced plan.');
    await waitFor(() => expect(onLocked).toHaveBeenCalled());
    expect(store.getState().ui.upgradeModalOpen).toBe(true);
  });

  it('says what it will show before anything is asked, and moves focus to the answer of a follow-up', async () => {
    renderReports(<AskPanel tier="advanced" onLocked={() => undefined} />, [
      answering(ADVANCED, () => jsonResponse(200, BEST_SELLERS)),
    ]);
    expect(screen.getByText(ASK_EMPTY_TEXT)).toBeInTheDocument();
    await user.type(box(), 'best sellers{Enter}');
    const followUps = await screen.findByRole('group', { name: 'Ask next' });
    within(followUps).getByRole('button', { name: 'Which products are running out?' }).focus();
    await user.keyboard('{Enter}');
    // The chip went with the answer it belonged to: focus lands on the new answer, not the page's top.
    await waitFor(() => expect(screen.getByRole('region', { name: 'Answer' })).toHaveFocus());
    expect(screen.queryByText(ASK_EMPTY_TEXT)).not.toBeInTheDocument();
  });

  it('keeps a long question on one line of words, counts it near the limit and asks it on Enter', async () => {
    const { requests } = renderReports(<AskPanel tier="advanced" onLocked={() => undefined} />, [
      answering(ADVANCED, () => jsonResponse(200, BEST_SELLERS)),
    ]);
    await user.click(box());
    await user.paste('best sellers\nlast month');
    expect(box()).toHaveValue('best sellers last month');
    await user.clear(box());
    await user.paste('x'.repeat(REPORT_QUESTION_MAX_LENGTH + 20));
    expect(box()).toHaveValue('x'.repeat(REPORT_QUESTION_MAX_LENGTH));
    expect(screen.getByText(`500 / 500: a question holds no more.`)).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: BEST_SELLERS.title });
    expect(await bodiesSentTo(requests, ADVANCED)).toEqual([{ userQuery: 'x'.repeat(500) }]);
  });

  it('offers a forecast among the examples on Supreme only', async () => {
    renderReports(<AskPanel tier="supreme" onLocked={() => undefined} />, []);
    const examples = screen.getByRole('group', { name: 'Examples' });
    expect(
      within(examples)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual([...SUPREME_EXAMPLE_QUESTIONS]);
    expect(SUPREME_EXAMPLE_QUESTIONS).toContain('What will I sell in the next 30 days?');
    expect(REPORT_EXAMPLE_QUESTIONS).not.toContain('What will I sell in the next 30 days?');
  });
});

describe('questionHint', () => {
  it('shows the refusal first, then the count from 400 characters on, and says when the field is full', () => {
    expect(questionHint('a'.repeat(450), QUESTION_TOO_SHORT)).toBe(QUESTION_TOO_SHORT);
    expect(questionHint('a'.repeat(399), null)).toBeUndefined();
    expect(questionHint('a'.repeat(400), null)).toBe('400 / 500');
    expect(questionHint('a'.repeat(500), null)).toBe('500 / 500: a question holds no more.');
  });
});
