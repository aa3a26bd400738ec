// Where the server's socket lives, and the checks tmux makes on its directory: created 0700,
// owned by the user, not open to others.
import { mkdirSync, lstatSync, realpathSync } from "node:fs";
import { join } from "node:path";

export class SocketDirError extends Error {}

/**
 * weft's socket directory: $WEFT_TMPDIR/weft-UID, $XDG_RUNTIME_DIR/weft or /tmp/weft-UID; under
 * the name tmux, tmux's: $TMUX_TMPDIR/tmux-UID or /tmp/tmux-UID (its TMUX_SOCK, resolved).
 */
export function socketDir(env: Record<string, string | undefined> = process.env, asTmux = false): string {
  const uid = process.getuid?.() ?? 0;
  if (asTmux) {
    for (const base of [env.TMUX_TMPDIR, "/tmp/"]) {
      if (!base) continue;
      try {
        return join(realpathSync(base), `tmux-${uid}`);
      } catch {}
    }
    return `/tmp/tmux-${uid}`;
  }
  if (env.WEFT_TMPDIR) return join(env.WEFT_TMPDIR, `weft-${uid}`);
  if (env.XDG_RUNTIME_DIR) return join(env.XDG_RUNTIME_DIR, "weft");
  return `/tmp/weft-${uid}`;
}

/** Create the directory if needed, then refuse one that is not ours alone. */
export function ensureSocketDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (e) {
    throw new SocketDirError(`couldn't create directory ${dir} (${(e as Error).message})`);
  }
  const st = lstatSync(dir);
  const uid = process.getuid?.() ?? 0;
  if (!st.isDirectory()) throw new SocketDirError(`${dir} is not a directory`);
  if (st.uid !== uid) throw new SocketDirError(`directory ${dir} has unsafe permissions (not owned by uid ${uid})`);
  if ((st.mode & 0o077) !== 0) throw new SocketDirError(`directory ${dir} has unsafe permissions`);
}

/** -S path wins; else -L name (default "default") in the socket directory. */
export function socketPath(opts: { socketName?: string; socketPath?: string; asTmux?: boolean }, env: Record<string, string | undefined> = process.env): string {
  if (opts.socketPath) return opts.socketPath;
  const name = opts.socketName ?? "default";
  if (name.includes("/")) throw new SocketDirError(`invalid socket name: ${name}`);
  return join(socketDir(env, opts.asTmux), name);
}
