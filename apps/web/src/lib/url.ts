/** A scheme such as "https:", "http:" or "mailto:" at the start. */
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;
/** Something that reads as a host name: "shop.example", "www.shop.example/path", "localhost:3000". */
const LOOKS_LIKE_HOST = /^(?:[\w-]+\.)+[\w-]{2,}(?::\d+)?(?:[/?#].*)?$|^localhost(?::\d+)?(?:[/?#].*)?$/i;

/**
 * Completes a bare domain to an https address ("shop.example" -> "https://shop.example"); an
 * address with a scheme, an empty value or something that is no host name is left as typed, so
 * validation still says what is wrong with it.
 */
export function completeUrl(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || HAS_SCHEME.test(trimmed)) return trimmed;
  const withoutSlashes = trimmed.replace(/^\/\//, '');
  return LOOKS_LIKE_HOST.test(withoutSlashes) ? `https://${withoutSlashes}` : trimmed;
}
