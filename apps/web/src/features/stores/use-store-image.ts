import { API } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { selectToken } from '../../session/session.slice';

/** The blob container of the catalogue's images (001 section 9: fixed). */
export const IMAGE_CONTAINER = 'inventory';

export function storeImageUrl(imageUrl: string): string {
  const query = new URLSearchParams({ imageUrl, containerName: IMAGE_CONTAINER });
  return `${API.blobs.downloadImage}?${query.toString()}`;
}

/**
 * A store's image as an object URL: the download needs the bearer token, so an <img> cannot ask
 * for it itself. Freed when the image changes or the card goes away; null while loading, on
 * failure, or without an image (the card shows its placeholder then).
 */
export function useStoreImage(imageUrl: string | null): string | null {
  const token = useSelector(selectToken);
  const [objectUrl, setObjectUrl] = useState<{ for: string; url: string } | null>(null);

  useEffect(() => {
    if (!imageUrl || !token || typeof URL.createObjectURL !== 'function') return undefined;
    const controller = new AbortController();
    let created: string | null = null;
    fetch(new URL(storeImageUrl(imageUrl), window.location.origin), {
      headers: { Authorization: `Bearer ${token}` },
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) return;
        const blob = await response.blob();
        if (controller.signal.aborted || !blob.type.startsWith('image/')) return;
        created = URL.createObjectURL(blob);
        setObjectUrl({ for: imageUrl, url: created });
      })
      // The image is decoration: without it the card shows its placeholder.
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [imageUrl, token]);

  return objectUrl && objectUrl.for === imageUrl ? objectUrl.url : null;
}
