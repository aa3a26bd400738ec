// Waiting on conditions with deadlines: tests never sleep for a fixed time and hope.

/** Resolve once `cond()` is truthy; reject with `what` after `ms`. */
/** `what` may be a function, so the message can show the state at the time of failure. */
export async function waitFor<T>(cond: () => T | Promise<T>, what: string | (() => string), ms = 10_000, everyMs = 10): Promise<NonNullable<T>> {
  const deadline = performance.now() + ms;
  for (;;) {
    const v = await cond();
    if (v) return v as NonNullable<T>;
    if (performance.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${typeof what === "function" ? what() : what}`);
    await Bun.sleep(everyMs);
  }
}

/** Run `p` with a deadline. */
export function within<T>(p: Promise<T>, what: string, ms = 10_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
    }),
  ]);
}
