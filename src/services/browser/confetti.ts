/** The spec's mark-as-done confetti. */
export const CONFETTI_OPTIONS = { particleCount: 100, spread: 70, origin: { y: 0.6 } } as const

/**
 * Fires the confetti. canvas-confetti is loaded on first use, so it stays out of the
 * first render's JavaScript; `disableForReducedMotion` makes it a no-op for users who
 * asked the system for less motion.
 */
export function celebrate(): void {
  import('canvas-confetti')
    .then(({ default: confetti }) =>
      confetti({ ...CONFETTI_OPTIONS, disableForReducedMotion: true }),
    )
    .catch((err: unknown) => {
      // A failed chunk load costs only the animation; the task is already marked done.
      console.warn('Confetti could not be loaded', err)
    })
}
