/**
 * `language` (a browser's) as a BCP 47 tag Intl reads: a POSIX locale ("en-US@posix", Chromium
 * under LANG=C; "de_DE.UTF-8") as its tag; one Intl cannot read at all, `floor`.
 */
export function tagOf(language: string, floor = 'en') {
  try {
    return Intl.getCanonicalLocales(language.split(/[@.]/)[0]?.replace('_', '-'))[0] ?? floor
  } catch {
    return floor
  }
}
