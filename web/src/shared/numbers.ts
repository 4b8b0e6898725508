// Numbers as the app shows them, in the reader's language (i18n.language): 1234.5 reads "1,234.5" in English and
// "1.234,5" in German. A message's plain argument ({total}) prints a number as it is, so callers pass it formatted
// here (a plural's `#` is formatted by the message itself). Formatters are cached per language and options. Pure;
// see numbers.test.ts.

const formats = new Map<string, Intl.NumberFormat>();

/** An Intl.NumberFormat for a language and options, made once. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/** 1234 → "1,234" ("1.234" in German); 2.345 → "2.3" ("2,3"). */
export const formatNumber = (value: number, locale: string) => numberFormat(locale, { maximumFractionDigits: 1 }).format(value);

/** A star rating with its one decimal: 4 → "4.0", 4.5 → "4.5" ("4,5" in German). */
export const formatRating = (value: number, locale: string) => numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
