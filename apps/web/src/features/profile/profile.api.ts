import { API, type TBusinessUser, type TUpdateUserRequest } from '@app/contracts';
import { baseApi } from '../../api/base-api';
import { PROFILE_ERRORS } from './messages';

const userPath = (path: string, userId: string) => path.replace(':id', encodeURIComponent(userId));
const userTag = (userId: string) => [{ type: 'User' as const, id: userId }];

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user, by the id in the access token (000 section 2). */
    getProfile: build.query<TBusinessUser, string>({
      query: (userId) => userPath(API.users.byId, userId),
      extraOptions: { fallbackMessage: PROFILE_ERRORS.load },
      providesTags: (_result, _error, userId) => userTag(userId),
    }),
    /** Only the fields sent change; a new e-mail waits for its link (`pendingEmail`). */
    updateProfile: build.mutation<TBusinessUser, { userId: string; changes: TUpdateUserRequest }>({
      query: ({ userId, changes }) => ({
        url: userPath(API.users.byId, userId),
        method: 'PUT',
        body: changes,
      }),
      extraOptions: { fallbackMessage: PROFILE_ERRORS.update },
      invalidatesTags: (_result, _error, { userId }) => userTag(userId),
    }),
    /** Multipart with one part `picture`. */
    uploadPicture: build.mutation<TBusinessUser, { userId: string; picture: File }>({
      query: ({ userId, picture }) => {
        const body = new FormData();
        body.append('picture', picture, picture.name);
        return { url: userPath(API.users.picture, userId), method: 'PUT', body };
      },
      extraOptions: { fallbackMessage: PROFILE_ERRORS.picture },
      invalidatesTags: (_result, _error, { userId }) => userTag(userId),
    }),
    /** 409 with the reason while the user owns a business. */
    deleteAccount: build.mutation<void, string>({
      query: (userId) => ({ url: userPath(API.users.byId, userId), method: 'DELETE' }),
      extraOptions: { fallbackMessage: PROFILE_ERRORS.delete },
    }),
  }),
});

export const {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useUploadPictureMutation,
  useDeleteAccountMutation,
} = profileApi;
