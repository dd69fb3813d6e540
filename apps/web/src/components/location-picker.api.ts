import { API, type TLocation } from '@app/contracts';
import { baseApi } from '../api/base-api';

/** 001 section 8, Locations. */
export const LOCATION_CHOICES_ERROR_MESSAGE = 'Failed to fetch locations';

/**
 * The business's active locations, for the picker of the screens whose data belongs to a
 * location (DESIGN 13). Named apart from the locations feature's own list, which shows
 * discontinued ones too.
 */
export const locationPickerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listLocationChoices: build.query<TLocation[], void>({
      query: () => API.locations.business,
      extraOptions: { fallbackMessage: LOCATION_CHOICES_ERROR_MESSAGE, service: 'product' },
      providesTags: (result) => [
        { type: 'Location', id: 'LIST' },
        ...(result ?? []).map((location) => ({ type: 'Location' as const, id: location.id })),
      ],
    }),
  }),
});

export const { useListLocationChoicesQuery } = locationPickerApi;
