// What the server's own environment sets at start, as tmux.c does: the global environment, and
// in the global options the shell (SHELL, else the user's login shell) and the editor (VISUAL,
// else EDITOR).
import { Environ, isUsableShell, type StartupEnvironment } from "../model/index.ts";
import { passwdEntry } from "../lang/passwd.ts";

/** tmux's getshell: SHELL when usable and not this program, else the passwd shell, else none. */
function shellFrom(env: Record<string, string | undefined>): string | undefined {
  const ok = (sh: string | undefined): sh is string => sh !== undefined && isUsableShell(sh) && sh !== process.execPath && !/\/(tmux|weft)$/.test(sh);
  if (ok(env.SHELL)) return env.SHELL;
  const login = passwdEntry()?.shell;
  return ok(login) ? login : undefined;
}

export function startupEnvironment(env: Record<string, string | undefined>): StartupEnvironment {
  return { shell: shellFrom(env), visual: env.VISUAL, editor: env.EDITOR };
}

/** Variables the client that starts a server gives it for Bun's runtime only (src/cli/client.ts). */
const RUNTIME_ONLY = new Set(["BUN_GC_TIMER_DISABLE", "BUN_JSC_percentCPUPerMBForFullTimer", "BUN_JSC_useWarmUpMarkedBlocks"]);

/** tmux's global_environ: the server's environment as started, and PWD its working directory. */
export function globalEnviron(env: Record<string, string | undefined>, cwd = process.cwd()): Environ {
  const g = Environ.from(env);
  for (const name of RUNTIME_ONLY) g.unset(name);
  g.set("PWD", cwd);
  return g;
}
