// The way into xterm's internals that the history store and its resize share: the normal
// buffer, whose rows no public API adds, removes or resizes.
import type { Terminal } from "@xterm/headless";

/**
 * The terminal's normal buffer as its core object (`B`: the parts the caller uses), or null if
 * this xterm is not laid out as expected (a line list with trimStart).
 */
export function normalBuffer<B>(t: Terminal): B | null {
  const core: unknown = Reflect.get(t, "_core");
  const set: unknown = core && typeof core === "object" ? Reflect.get(core, "buffers") : undefined;
  const normal: unknown = set && typeof set === "object" ? Reflect.get(set, "normal") : undefined;
  if (!normal || typeof normal !== "object") return null;
  const lines: unknown = Reflect.get(normal, "lines");
  if (!lines || typeof lines !== "object" || typeof Reflect.get(lines, "trimStart") !== "function") return null;
  return normal as B;
}
