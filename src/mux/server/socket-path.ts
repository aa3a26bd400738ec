// Where the server's socket lives, and the checks tmux makes on its directory: created 0700,
// owned by the user, not open to others. Without node:path: the client of a command from a
// script imports this, and node:path cost it ~0.6 ms to load.
import type * as NodeFs from "node:fs";

export class SocketDirError extends Error {}

/** node:path's posix join: the parts joined by "/" and normalized ("." and ".." resolved, repeated "/" folded, a trailing "/" kept). */
export function joinPath(...parts: string[]): string {
  let joined = "";
  for (const p of parts) if (p.length > 0) joined = joined.length > 0 ? `${joined}/${p}` : p;
  if (joined.length === 0) return ".";
  const absolute = joined.startsWith("/");
  const out: string[] = [];
  for (const seg of joined.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg !== "..") out.push(seg);
    else if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
    else if (!absolute) out.push("..");
  }
  let path = (absolute ? "/" : "") + out.join("/");
  if (path.length === 0) path = ".";
  return joined.endsWith("/") && path !== "/" ? `${path}/` : path;
}

/**
 * weft's socket directory: $WEFT_TMPDIR/weft-UID, $XDG_RUNTIME_DIR/weft or /tmp/weft-UID; under
 * the name tmux, tmux's: $TMUX_TMPDIR/tmux-UID or /tmp/tmux-UID (its TMUX_SOCK, resolved by
 * `realpathSync`, node:fs's, which the caller loads: a command from a script runs without it).
 */
export function socketDir(env: Record<string, string | undefined> = process.env, asTmux = false, realpathSync?: (p: string) => string): string {
  const uid = process.getuid?.() ?? 0;
  if (asTmux) {
    if (!realpathSync) throw new Error("socketDir: tmux's directory needs realpathSync");
    for (const base of [env.TMUX_TMPDIR, "/tmp/"]) {
      if (!base) continue;
      try {
        return joinPath(realpathSync(base), `tmux-${uid}`);
      } catch {}
    }
    return `/tmp/tmux-${uid}`;
  }
  if (env.WEFT_TMPDIR) return joinPath(env.WEFT_TMPDIR, `weft-${uid}`);
  if (env.XDG_RUNTIME_DIR) return joinPath(env.XDG_RUNTIME_DIR, "weft");
  return `/tmp/weft-${uid}`;
}

/**
 * Create the directory if needed, then refuse one that is not ours alone. node:fs comes from
 * the caller: a command from a script checks with socketDirReady and never loads it (~1.3 ms).
 */
export function ensureSocketDir(dir: string, { mkdirSync, lstatSync }: typeof NodeFs): void {
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
export function socketPath(opts: { socketName?: string; socketPath?: string; asTmux?: boolean; realpathSync?: (p: string) => string }, env: Record<string, string | undefined> = process.env): string {
  if (opts.socketPath) return opts.socketPath;
  const name = opts.socketName ?? "default";
  if (name.includes("/")) throw new SocketDirError(`invalid socket name: ${name}`);
  return joinPath(socketDir(env, opts.asTmux, opts.realpathSync), name);
}

/**
 * Whether the directory exists and passes ensureSocketDir's checks, without node:fs: Bun's stat,
 * which follows a symbolic link (as safe: a link to a directory of another user or open to
 * others still fails). False: let ensureSocketDir create it or say what is wrong.
 */
export async function socketDirReady(dir: string): Promise<boolean> {
  try {
    const st = await Bun.file(dir).stat();
    return st.isDirectory() && st.uid === (process.getuid?.() ?? 0) && (st.mode & 0o077) === 0;
  } catch {
    return false;
  }
}
