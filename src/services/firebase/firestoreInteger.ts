/**
 * Stands in for `@firebase/webchannel-wrapper/bloom-blob` in the build (vite.config.ts aliases
 * it here). Firestore Lite imports that module for one thing: `Integer.fromString(s).compare(t)`,
 * ordering numeric document ids (`__id123__`) in paths. The module is a Closure-compiled blob
 * that also carries MD5 and Bloom filter code for the full SDK's listeners, all of it kept by
 * the bundler (it assigns in an IIFE): 3.5 kB gzip of the 150 kB budget. BigInt does the same
 * arithmetic; parsing follows Closure's `goog.math.Integer.fromString` exactly, quirks included
 * (tests/services/firebase/firestoreInteger.test.ts compares the two on many inputs). Should a Firebase
 * release import anything else from the module, the build fails on the missing export.
 */
export class Integer {
  private constructor(private readonly value: bigint) {}

  /** Like Closure: 8 characters at a time through `parseInt` (so `12a` reads as 12, `x` as 0). */
  static fromString(text: string): Integer {
    if (text.length === 0) throw new Error('number format error: empty string')
    if (text.startsWith('-')) return new Integer(-Integer.fromString(text.slice(1)).value)
    if (text.includes('-')) throw new Error('number format error: interior "-" character')
    let value = 0n
    for (let i = 0; i < text.length; i += 8) {
      const chunk = text.slice(i, i + 8)
      const digits = parseInt(chunk, 10)
      value = value * 10n ** BigInt(chunk.length) + (Number.isNaN(digits) ? 0n : BigInt(digits))
    }
    return new Integer(value)
  }

  compare(other: Integer): number {
    return this.value === other.value ? 0 : this.value < other.value ? -1 : 1
  }

  toString(): string {
    return this.value.toString()
  }
}
