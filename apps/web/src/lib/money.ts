/**
 * Money arrives as decimal strings ("12.50", "-3.00"). Sums are taken in integer cents, as the
 * server does, so that 0.1 + 0.2 never shows as 0.30000000000000004.
 */
export function toCents(value: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return Math.round(Number(value) * 100);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

const formats = new Map<string, Intl.NumberFormat>();

/** One formatter per style and currency: building an Intl.NumberFormat costs more than using it. */
function formatOf(currency: string | undefined, compact: boolean): Intl.NumberFormat {
  const key = `${currency ?? ''}|${compact ? 'compact' : 'full'}`;
  let format = formats.get(key);
  if (!format) {
    // A currency brings its own decimals (two for most, none for the yen); a bare amount has two.
    const digits = compact || currency ? {} : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    const style = currency ? { style: 'currency' as const, currency } : {};
    format = new Intl.NumberFormat(undefined, {
      ...style,
      ...digits,
      ...(compact ? { notation: 'compact' as const, maximumFractionDigits: 1 } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * Cents, or a decimal string of the API, as the reader's locale writes money: with the currency's
 * symbol when one is given ("£1,234.50"), as a bare amount otherwise ("1,234.50").
 */
export function formatMoney(value: number | string, currency?: string): string {
  const cents = typeof value === 'number' ? value : toCents(value);
  return formatOf(currency, false).format(cents / 100);
}

/** A short amount for chart axes and tight cards: "£1.2K", "£35". */
export function formatCompactMoney(value: number | string, currency?: string): string {
  const cents = typeof value === 'number' ? value : toCents(value);
  return formatOf(currency, true).format(cents / 100);
}
