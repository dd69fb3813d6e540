import { API, type TBusiness } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { baseApi } from '../../api/base-api';
import { selectToken } from '../../session/session.slice';

/** The blob container the business logos are in. */
export const LOGO_CONTAINER = 'inventory';

const shellBusinessApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user's business, for its name and logo in the top bar. */
    getShellBusiness: build.query<TBusiness, string>({
      query: (businessId) => API.businesses.byId.replace(':id', encodeURIComponent(businessId)),
      providesTags: (_result, _error, businessId) => [{ type: 'Business', id: businessId }],
    }),
  }),
});

export const { useGetShellBusinessQuery } = shellBusinessApi;

export function logoDownloadUrl(logoUrl: string): string {
  const query = new URLSearchParams({ imageUrl: logoUrl, containerName: LOGO_CONTAINER });
  return `${API.blobs.downloadImage}?${query.toString()}`;
}

/**
 * The business logo as an object URL: the download needs the bearer token, so an <img> cannot
 * ask for it itself. Freed when the logo changes or the top bar goes away; null while loading, on
 * failure, or without a logo.
 */
export function useBusinessLogo(logoUrl: string | null | undefined): string | null {
  const token = useSelector(selectToken);
  const [objectUrl, setObjectUrl] = useState<{ for: string; url: string } | null>(null);

  useEffect(() => {
    if (!logoUrl || !token || typeof URL.createObjectURL !== 'function') return undefined;
    const controller = new AbortController();
    let created: string | null = null;
    fetch(new URL(logoDownloadUrl(logoUrl), window.location.origin), {
      headers: { Authorization: `Bearer ${token}` },
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) return;
        const blob = await response.blob();
        if (controller.signal.aborted || !blob.type.startsWith('image/')) return;
        created = URL.createObjectURL(blob);
        setObjectUrl({ for: logoUrl, url: created });
      })
      // The logo is decoration: without it the top bar shows the name alone.
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [logoUrl, token]);

  return objectUrl && objectUrl.for === logoUrl ? objectUrl.url : null;
}
