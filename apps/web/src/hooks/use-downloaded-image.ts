import { API } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { selectToken } from '../session/session.slice';

/** The blob container every image of the product lives in (000 section 7: fixed). */
export const IMAGE_CONTAINER = 'inventory';

export function imageDownloadUrl(imageUrl: string): string {
  const query = new URLSearchParams({ imageUrl, containerName: IMAGE_CONTAINER });
  return `${API.blobs.downloadImage}?${query.toString()}`;
}

/**
 * A stored image (logo, profile picture) as an object URL: the download needs the bearer token,
 * so an <img> cannot ask for it itself. Freed when the image changes or the owner goes away; null
 * while loading, on failure, or without an image (the caller shows its default then). `revision`
 * downloads the same name again after an upload replaced the blob behind it.
 */
export function useDownloadedImage(imageUrl: string | null | undefined, revision = 0): string | null {
  const token = useSelector(selectToken);
  const [objectUrl, setObjectUrl] = useState<{ for: string; url: string } | null>(null);
  const key = imageUrl ? `${revision}:${imageUrl}` : null;

  useEffect(() => {
    if (!imageUrl || !key || !token || typeof URL.createObjectURL !== 'function') return undefined;
    const controller = new AbortController();
    let created: string | null = null;
    fetch(new URL(imageDownloadUrl(imageUrl), window.location.origin), {
      headers: { Authorization: `Bearer ${token}` },
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) return;
        const blob = await response.blob();
        if (controller.signal.aborted || !blob.type.startsWith('image/')) return;
        created = URL.createObjectURL(blob);
        setObjectUrl({ for: key, url: created });
      })
      // An image is decoration: without it the caller shows its default.
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [imageUrl, key, token]);

  return objectUrl && objectUrl.for === key ? objectUrl.url : null;
}
