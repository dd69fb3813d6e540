import { z } from 'zod';

/**
 * The public site's configuration (GET SITE_CONFIG_PATH): the analytics script and the marketing
 * pixel the operator set, null when not set. Pages load each only after the matching consent.
 */
export const ZSiteConfig = z.object({
  analyticsScriptUrl: z.string().nullable(),
  marketingPixelUrl: z.string().nullable(),
});
export type TSiteConfig = z.infer<typeof ZSiteConfig>;
