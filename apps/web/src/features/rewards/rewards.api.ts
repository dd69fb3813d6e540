import {
  API,
  type TLoyaltyMember,
  type TLoyaltyMemberDetail,
  type TLoyaltyMemberListQuery,
  type TLoyaltyMemberPage,
  type TLoyaltyMemberRequest,
  type TLoyaltyMemberUpdate,
  type TLoyaltyProgram,
  type TLoyaltyTemplate,
  type TLoyaltyTemplateRequest,
} from '@app/contracts';
import { baseApi } from '../../api/base-api';
import { REWARDS_ERRORS } from './messages';

const withParam = (path: string, name: string, value: string) =>
  path.replace(`:${name}`, encodeURIComponent(value));

/**
 * The parts of the 'Loyalty' tag: the programme and the templates change together (a template's
 * rules are its programme's), and members show the programme's tier, so a switch refreshes all.
 */
const PROGRAM = { type: 'Loyalty', id: 'PROGRAM' } as const;
const TEMPLATES = { type: 'Loyalty', id: 'TEMPLATES' } as const;
const MEMBERS = { type: 'Loyalty', id: 'MEMBERS' } as const;
const EVERYTHING = [PROGRAM, TEMPLATES, MEMBERS];

export const rewardsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The running programme, or null: the server's 404 means "no programme" (001 section 4). */
    getActiveLoyaltyProgram: build.query<TLoyaltyProgram | null, void>({
      queryFn: async (_arg, _api, _extraOptions, baseQuery) => {
        const result = await baseQuery(API.loyaltyProgram.active);
        if (result.error) {
          return result.error.status === 404 ? { data: null } : { error: result.error };
        }
        return { data: result.data as TLoyaltyProgram };
      },
      extraOptions: { fallbackMessage: REWARDS_ERRORS.program },
      providesTags: [PROGRAM],
    }),
    /** Every template, switched on or off: built-in ones first, then the business's own. */
    listLoyaltyTemplates: build.query<TLoyaltyTemplate[], void>({
      query: () => ({ url: API.loyaltyTemplates.root, params: { active: 'all' } }),
      extraOptions: { fallbackMessage: REWARDS_ERRORS.templates },
      providesTags: [TEMPLATES],
    }),
    activateLoyaltyProgram: build.mutation<TLoyaltyProgram, string>({
      query: (templateId) => ({
        url: withParam(API.loyaltyProgram.activate, 'templateId', templateId),
        method: 'POST',
      }),
      extraOptions: { fallbackMessage: REWARDS_ERRORS.activate },
      invalidatesTags: EVERYTHING,
    }),
    deactivateLoyaltyProgram: build.mutation<TLoyaltyProgram, void>({
      query: () => ({ url: API.loyaltyProgram.deactivate, method: 'POST' }),
      extraOptions: { fallbackMessage: REWARDS_ERRORS.deactivate },
      invalidatesTags: EVERYTHING,
    }),
    /** Replaces the overrides whole; `{}` returns to the template's rules. */
    overrideLoyaltyProgram: build.mutation<
      TLoyaltyProgram,
      { programId: string; overrides: Record<string, unknown> }
    >({
      query: ({ programId, overrides }) => ({
        url: withParam(API.loyaltyProgram.override, 'programId', programId),
        method: 'PATCH',
        body: { overrides },
      }),
      extraOptions: { fallbackMessage: REWARDS_ERRORS.override },
      invalidatesTags: [PROGRAM, MEMBERS],
    }),
    createLoyaltyTemplate: build.mutation<TLoyaltyTemplate, TLoyaltyTemplateRequest>({
      query: (body) => ({ url: API.loyaltyTemplates.root, method: 'POST', body }),
      extraOptions: { fallbackMessage: REWARDS_ERRORS.createTemplate },
      invalidatesTags: [TEMPLATES],
    }),
    updateLoyaltyTemplate: build.mutation<TLoyaltyTemplate, { id: string; body: TLoyaltyTemplateRequest }>({
      query: ({ id, body }) => ({ url: withParam(API.loyaltyTemplates.byId, 'id', id), method: 'PUT', body }),
      extraOptions: { fallbackMessage: REWARDS_ERRORS.updateTemplate },
      // The programme built from it runs by its rules.
      invalidatesTags: EVERYTHING,
    }),
    setLoyaltyTemplateStatus: build.mutation<TLoyaltyTemplate, { id: string; isActive: boolean }>({
      query: ({ id, isActive }) => ({
        url: withParam(API.loyaltyTemplates.status, 'id', id),
        method: 'PATCH',
        params: { active: String(isActive) },
      }),
      extraOptions: { fallbackMessage: REWARDS_ERRORS.templateStatus },
      invalidatesTags: [TEMPLATES],
    }),
    /** One page of the members; `search` matches name, e-mail, phone or card code. */
    listLoyaltyMembers: build.query<TLoyaltyMemberPage, TLoyaltyMemberListQuery>({
      query: (params) => ({ url: API.loyaltyMembers.root, params }),
      extraOptions: { fallbackMessage: REWARDS_ERRORS.members },
      providesTags: [MEMBERS],
    }),
    getLoyaltyMember: build.query<TLoyaltyMemberDetail, string>({
      query: (id) => withParam(API.loyaltyMembers.byId, 'id', id),
      extraOptions: { fallbackMessage: REWARDS_ERRORS.member },
      providesTags: [MEMBERS],
    }),
    createLoyaltyMember: build.mutation<TLoyaltyMember, TLoyaltyMemberRequest>({
      query: (body) => ({ url: API.loyaltyMembers.root, method: 'POST', body }),
      extraOptions: { fallbackMessage: REWARDS_ERRORS.createMember },
      invalidatesTags: [MEMBERS],
    }),
    /** The details, and with `adjustment` a correction of the balance (an ADJUST entry). */
    updateLoyaltyMember: build.mutation<TLoyaltyMemberDetail, { id: string; body: TLoyaltyMemberUpdate }>({
      query: ({ id, body }) => ({ url: withParam(API.loyaltyMembers.byId, 'id', id), method: 'PUT', body }),
      extraOptions: { fallbackMessage: REWARDS_ERRORS.updateMember },
      invalidatesTags: [MEMBERS],
    }),
  }),
});

export const {
  useGetActiveLoyaltyProgramQuery,
  useListLoyaltyTemplatesQuery,
  useActivateLoyaltyProgramMutation,
  useDeactivateLoyaltyProgramMutation,
  useOverrideLoyaltyProgramMutation,
  useCreateLoyaltyTemplateMutation,
  useUpdateLoyaltyTemplateMutation,
  useSetLoyaltyTemplateStatusMutation,
  useListLoyaltyMembersQuery,
  useGetLoyaltyMemberQuery,
  useCreateLoyaltyMemberMutation,
  useUpdateLoyaltyMemberMutation,
} = rewardsApi;
