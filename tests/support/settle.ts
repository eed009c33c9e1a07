/** Lets every promise already resolved, and the listeners they wake, run (one macrotask). */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
