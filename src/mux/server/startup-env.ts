// What the server's own environment sets in the global options at start, as tmux.c does: the
// shell (SHELL, else the user's login shell) and the editor (VISUAL, else EDITOR).
import { isUsableShell, type StartupEnvironment } from "../model/index.ts";
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
