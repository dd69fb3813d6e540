import {
  API,
  type Role,
  type TBusinessUser,
  type TBusinessUserPage,
  type TBusinessUsersQuery,
  type TCreateUserRequest,
  type TLocation,
  type TMessageResponse,
  type TUser,
  type TUserRoles,
  type TWorkerTotal,
} from '@app/contracts';
import { baseApi } from '../../api/base-api';
import { ACCESS_ERRORS } from './messages';

const byId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** The staff list, the worker count and the audit log all change with any of these calls. */
const CHANGES_STAFF = ['User', 'AuditLog'] as const;

export const accessManagementApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the business's members, owners first, then by name. */
    listBusinessUsers: build.query<TBusinessUserPage, TBusinessUsersQuery>({
      query: (params) => ({ url: API.users.businessUsers, params }),
      extraOptions: { fallbackMessage: ACCESS_ERRORS.list },
      providesTags: ['User'],
    }),
    getWorkerTotal: build.query<TWorkerTotal, void>({
      query: () => API.users.total,
      extraOptions: { fallbackMessage: ACCESS_ERRORS.total },
      providesTags: ['User'],
    }),
    /** Every location, discontinued ones too: a member may still be assigned to one. */
    listStaffLocations: build.query<TLocation[], void>({
      query: () => API.locations.businessUnfiltered,
      extraOptions: { fallbackMessage: ACCESS_ERRORS.locations, service: 'product' },
      providesTags: [{ type: 'Location', id: 'LIST' }],
    }),
    createUser: build.mutation<TUser, TCreateUserRequest>({
      query: (body) => ({ url: API.users.root, method: 'POST', body }),
      extraOptions: { fallbackMessage: ACCESS_ERRORS.create },
      invalidatesTags: [...CHANGES_STAFF],
    }),
    /** Replaces the member's roles with these. */
    assignRoles: build.mutation<TUserRoles, { id: string; roles: Role[] }>({
      query: ({ id, roles }) => ({ url: byId(API.users.roles, id), method: 'PUT', body: roles }),
      extraOptions: { fallbackMessage: ACCESS_ERRORS.assignRoles },
      invalidatesTags: [...CHANGES_STAFF],
    }),
    /** Takes these roles away and keeps the others. */
    removeRoles: build.mutation<TUserRoles, { id: string; roles: Role[] }>({
      query: ({ id, roles }) => ({ url: byId(API.users.rolesRemove, id), method: 'PUT', body: roles }),
      extraOptions: { fallbackMessage: ACCESS_ERRORS.removeRoles },
      invalidatesTags: [...CHANGES_STAFF],
    }),
    disableUser: build.mutation<TBusinessUser, string>({
      query: (id) => ({ url: byId(API.users.disable, id), method: 'PUT' }),
      extraOptions: { fallbackMessage: ACCESS_ERRORS.disable },
      invalidatesTags: [...CHANGES_STAFF],
    }),
    enableUser: build.mutation<TBusinessUser, string>({
      query: (id) => ({ url: byId(API.users.enable, id), method: 'PUT' }),
      extraOptions: { fallbackMessage: ACCESS_ERRORS.enable },
      invalidatesTags: [...CHANGES_STAFF],
    }),
    deleteUser: build.mutation<void, string>({
      query: (id) => ({ url: byId(API.users.byId, id), method: 'DELETE' }),
      extraOptions: { fallbackMessage: ACCESS_ERRORS.delete },
      invalidatesTags: [...CHANGES_STAFF],
    }),
    resendInvitation: build.mutation<TMessageResponse, string>({
      query: (id) => ({ url: byId(API.users.resendInvitation, id), method: 'POST' }),
      extraOptions: { fallbackMessage: ACCESS_ERRORS.resendInvitation },
    }),
  }),
});

export const {
  useListBusinessUsersQuery,
  useGetWorkerTotalQuery,
  useListStaffLocationsQuery,
  useCreateUserMutation,
  useAssignRolesMutation,
  useRemoveRolesMutation,
  useDisableUserMutation,
  useEnableUserMutation,
  useDeleteUserMutation,
  useResendInvitationMutation,
} = accessManagementApi;
