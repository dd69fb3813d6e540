import type {
  Role,
  TLoyaltyMember,
  TLoyaltyMemberDetail,
  TLoyaltyMemberPage,
  TLoyaltyProgram,
  TLoyaltyRules,
  TLoyaltyTemplate,
} from '@app/contracts';
import { UpgradeDialogHost } from '../../app/upgrade-dialog-host';
import { AppToastContainer } from '../../components/toast';
import { BUSINESS_ID, jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, serveRoutes, type Route } from '../../test/render';
import { RewardsPage } from './rewards-page';

export type { Route } from '../../test/render';

const NOW = '2026-03-02T09:30:00.000Z';

const REWARDS = [
  { rewardId: 'five-off', name: '5.00 off', pointsCost: 500, value: '5.00' },
  { rewardId: 'fifteen-off', name: '15.00 off', pointsCost: 1200, value: '15.00' },
];

export const TIERED_RULES: TLoyaltyRules = {
  type: 'TIERED',
  pointsPerUnit: 1,
  tiers: [
    { name: 'Bronze', threshold: 0, multiplier: 1 },
    { name: 'Silver', threshold: 1000, multiplier: 1.25 },
    { name: 'Gold', threshold: 5000, multiplier: 1.5 },
  ],
  rewards: REWARDS,
  expiryMonths: 12,
};

function template(
  id: string,
  name: string,
  rules: TLoyaltyRules,
  extra: Partial<TLoyaltyTemplate> = {},
): TLoyaltyTemplate {
  return {
    id,
    templateId: id,
    name,
    description: `${name}, described.`,
    type: rules.type,
    rules,
    active: true,
    builtIn: true,
    createdAt: NOW,
    updatedAt: NOW,
    ...extra,
  };
}

export const POINTS_TEMPLATE = template('0193a6f0-0000-7000-8000-000000000001', 'Points on every purchase', {
  type: 'POINTS',
  pointsPerUnit: 1,
  rewards: REWARDS,
  expiryMonths: 12,
});
export const TIERED_TEMPLATE = template(
  '0193a6f0-0000-7000-8000-000000000002',
  'Bronze, Silver and Gold',
  TIERED_RULES,
);
export const STAMP_TEMPLATE = template('0193a6f0-0000-7000-8000-000000000003', 'Stamp card', {
  type: 'VISITS',
  visitsForReward: 10,
  minimumSpend: '5.00',
  reward: { name: 'A free coffee', value: '3.50' },
  expiryMonths: 6,
});
export const OWN_TEMPLATE = template(
  '7e000000-0000-4000-8000-000000000001',
  'Summer cashback',
  { type: 'CASHBACK', percent: 3, expiryMonths: null },
  { builtIn: false },
);
export const TEMPLATES = [POINTS_TEMPLATE, TIERED_TEMPLATE, STAMP_TEMPLATE, OWN_TEMPLATE];

export const TIERED_PROGRAM: TLoyaltyProgram = {
  id: '9a000000-0000-4000-8000-000000000001',
  programId: '9a000000-0000-4000-8000-000000000001',
  templateId: TIERED_TEMPLATE.id,
  templateName: TIERED_TEMPLATE.name,
  type: 'TIERED',
  rules: TIERED_RULES,
  overrides: {},
  active: true,
  activatedAt: NOW,
  deactivatedAt: null,
};

export function member(n: number, extra: Partial<TLoyaltyMember> = {}): TLoyaltyMember {
  const id = `3b000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    memberId: id,
    name: `Member ${String(n).padStart(2, '0')}`,
    email: `member${n}@example.com`,
    phone: null,
    cardCode: `CARD-${String(n).padStart(4, '0')}`,
    points: n * 100,
    lifetimePoints: n * 150,
    tier: 'Bronze',
    createdAt: NOW,
    updatedAt: NOW,
    ...extra,
  };
}

export const MEMBERS = Array.from({ length: 12 }, (_unused, index) => member(index + 1));

export function memberPage(request: Request, items: TLoyaltyMember[] = MEMBERS): TLoyaltyMemberPage {
  const query = new URL(request.url).searchParams;
  const page = Number(query.get('page') ?? 0);
  const size = Number(query.get('size') ?? 10);
  const search = query.get('search')?.toLowerCase();
  const matching = items.filter((item) => !search || item.name?.toLowerCase().includes(search));
  return {
    content: matching.slice(page * size, page * size + size),
    page,
    size,
    totalElements: matching.length,
    totalPages: Math.ceil(matching.length / size),
  };
}

export function memberDetail(base: TLoyaltyMember): TLoyaltyMemberDetail {
  return {
    ...base,
    history: [
      {
        id: '4c000000-0000-4000-8000-000000000002',
        delta: -500,
        reason: 'REDEEM',
        saleId: null,
        note: null,
        balance: 100,
        expiresAt: null,
        createdAt: '2026-02-20T10:00:00.000Z',
      },
      {
        id: '4c000000-0000-4000-8000-000000000001',
        delta: 600,
        reason: 'EARN',
        saleId: null,
        note: null,
        balance: 600,
        expiresAt: '2027-01-15T10:00:00.000Z',
        createdAt: '2026-01-15T10:00:00.000Z',
      },
    ],
  };
}

export const PROGRAM_PATH = '/api/business/loyalty-program/active';

/** No programme (the server's 404), the templates, members, and the business in pounds. */
export function baseRoutes(program: TLoyaltyProgram | null = null): Route[] {
  return [
    {
      path: `/api/businesses/${BUSINESS_ID}`,
      answer: () => jsonResponse(200, { id: BUSINESS_ID, currency: 'GBP' }),
    },
    {
      path: PROGRAM_PATH,
      answer: () =>
        program
          ? jsonResponse(200, program)
          : jsonResponse(404, { code: 'NOT_FOUND', message: 'No loyalty programme is active.' }),
    },
    { path: '/api/loyalty-templates', answer: () => jsonResponse(200, TEMPLATES) },
    { path: '/api/loyalty/members', answer: (request) => jsonResponse(200, memberPage(request)) },
  ];
}

/** The page at /dashboard/rewards, with toasts and the Feature Locked host; extra routes answer first. */
export function renderRewards(
  options: { routes?: Route[]; program?: TLoyaltyProgram | null; roles?: Role[]; entry?: string } = {},
) {
  const fake = mockFetch(serveRoutes([...(options.routes ?? []), ...baseRoutes(options.program ?? null)]));
  const view = renderRoutes(
    [
      {
        path: '/dashboard/rewards',
        element: (
          <>
            <AppToastContainer />
            <UpgradeDialogHost />
            <RewardsPage />
          </>
        ),
      },
    ],
    {
      initialEntries: [options.entry ?? '/dashboard/rewards'],
      session: makeSession({ roles: options.roles ?? ['ROLE_BUSINESS_OWNER'] }),
    },
  );
  return { ...fake, ...view };
}

export const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
export const pathOf = (request: Request) => new URL(request.url).pathname;
