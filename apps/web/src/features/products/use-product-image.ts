import { API } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { resolveServiceUrl } from '../../api/service-urls';
import { selectToken } from '../../session/session.slice';

/** The blob container of product images (001 section 9: fixed). */
export const IMAGE_CONTAINER = 'inventory';

/** Images already downloaded this visit, by blob name; a new upload gets a new name. */
const downloads = new Map<string, Promise<Blob | null>>();
const MAX_KEPT = 200;

export function productImageUrl(imageUrl: string): string {
  const query = new URLSearchParams({ imageUrl, containerName: IMAGE_CONTAINER });
  return resolveServiceUrl(`${API.blobs.downloadImage}?${query.toString()}`, 'product');
}

function download(imageUrl: string, token: string): Promise<Blob | null> {
  const known = downloads.get(imageUrl);
  if (known) return known;
  const pending = fetch(productImageUrl(imageUrl), { headers: { Authorization: `Bearer ${token}` } })
    .then(async (response) => {
      if (!response.ok) return null;
      const blob = await response.blob();
      return blob.type.startsWith('image/') ? blob : null;
    })
    .catch(() => null)
    .then((blob) => {
      // A failure may be passing (the network): the next render may try again.
      if (!blob) downloads.delete(imageUrl);
      return blob;
    });
  downloads.set(imageUrl, pending);
  if (downloads.size > MAX_KEPT) downloads.delete(downloads.keys().next().value!);
  return pending;
}

export type ProductImage = { src: string | null; isFailed: boolean };

/**
 * A product image as an object URL: the download needs the bearer token, so an <img> cannot ask
 * for it itself. Freed when the image changes or the row goes away.
 */
export function useProductImage(imageUrl: string | null | undefined): ProductImage {
  const token = useSelector(selectToken);
  const [state, setState] = useState<{ for: string; src: string | null; isFailed: boolean } | null>(null);

  useEffect(() => {
    if (!imageUrl || !token || typeof URL.createObjectURL !== 'function') return undefined;
    let isCurrent = true;
    let created: string | null = null;
    void download(imageUrl, token).then((blob) => {
      if (!isCurrent) return;
      created = blob ? URL.createObjectURL(blob) : null;
      setState({ for: imageUrl, src: created, isFailed: !blob });
    });
    return () => {
      isCurrent = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [imageUrl, token]);

  if (!imageUrl || !state || state.for !== imageUrl) return { src: null, isFailed: false };
  return { src: state.src, isFailed: state.isFailed };
}
