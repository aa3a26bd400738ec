// Every command's name, aliases and whether it may start a server, without the commands
// themselves: the client decides whether to start a server before sending its command, and
// importing the command table pulled in the whole server (~8 ms of every `weft` invocation).
// test/cli/command-names.test.ts keeps this list equal to the table in commands/index.ts.

/** [name, aliases, starts a server] for each command. */
export const COMMAND_NAMES: readonly (readonly [string, readonly string[], boolean])[] = [
  ["new-session", ["new"], true],
  ["attach-session", ["attach","a","at"], true],
  ["detach-client", ["detach"], false],
  ["kill-server", [], false],
  ["kill-session", [], false],
  ["has-session", ["has"], false],
  ["list-sessions", ["ls"], false],
  ["list-clients", ["lsc"], false],
  ["confirm-before", ["confirm"], false],
  ["rotate-window", ["rotatew"], false],
  ["display-panes", ["displayp"], false],
  ["choose-tree", [], false],
  ["choose-buffer", [], false],
  ["choose-client", [], false],
  ["show-messages", ["showmsgs"], false],
  ["clock-mode", [], false],
  ["suspend-client", ["suspendc"], false],
  ["new-window", ["neww"], false],
  ["split-window", ["splitw"], false],
  ["send-keys", ["send"], false],
  ["display-message", ["display"], false],
  ["select-pane", ["selectp"], false],
  ["select-window", ["selectw"], false],
  ["next-window", ["next"], false],
  ["previous-window", ["prev"], false],
  ["last-window", ["last"], false],
  ["kill-pane", ["killp"], false],
  ["kill-window", ["killw"], false],
  ["refresh-client", ["refresh"], false],
  ["send-prefix", [], false],
  ["command-prompt", [], false],
  ["resize-pane", ["resizep"], false],
  ["list-panes", ["lsp"], false],
  ["list-windows", ["lsw"], false],
  ["set-option", ["set"], false],
  ["set-window-option", ["setw"], false],
  ["show-options", ["show"], false],
  ["show-window-options", ["showw"], false],
  ["bind-key", ["bind"], false],
  ["unbind-key", ["unbind"], false],
  ["list-keys", ["lsk"], true],
  ["source-file", ["source"], false],
  ["capture-pane", ["capturep"], false],
  ["wait", [], false],
  ["wait-for", [], false],
  ["pipe-pane", ["pipep"], false],
  ["respawn-pane", ["respawnp"], false],
  ["rename-window", ["renamew"], false],
  ["rename-session", ["rename"], false],
  ["last-pane", ["lastp"], false],
  ["select-layout", ["selectl"], false],
  ["next-layout", ["nextl"], false],
  ["previous-layout", ["prevl"], false],
  ["swap-pane", ["swapp"], false],
  ["break-pane", ["breakp"], false],
  ["join-pane", ["joinp"], false],
  ["move-pane", ["movep"], false],
  ["switch-client", ["switchc"], false],
  ["copy-mode", [], false],
  ["set-buffer", ["setb"], false],
  ["show-buffer", ["showb"], false],
  ["list-buffers", ["lsb"], false],
  ["delete-buffer", ["deleteb"], false],
  ["save-buffer", ["saveb"], false],
  ["load-buffer", ["loadb"], false],
  ["paste-buffer", ["pasteb"], false],
  ["swap-window", ["swapw"], false],
  ["move-window", ["movew"], false],
  ["link-window", ["linkw"], false],
  ["unlink-window", ["unlinkw"], false],
  ["respawn-window", ["respawnw"], false],
  ["resize-window", ["resizew"], false],
  ["find-window", ["findw"], false],
  ["clear-history", ["clearhist"], false],
  ["start-server", ["start"], true],
  ["set-environment", ["setenv"], false],
  ["if-shell", ["if"], false],
  ["run-shell", ["run"], false],
  ["list-commands", ["lscm"], true],
  ["display-menu", ["menu"], false],
  ["display-popup", ["popup"], false],
  ["show-environment", ["showenv"], false],
  ["set-hook", [], false],
  ["show-hooks", [], false],
  ["show-prompt-history", ["showphist"], false],
  ["clear-prompt-history", ["clearphist"], false],
  ["server-access", [], false],
  ["lock-server", ["lock"], false],
  ["lock-session", ["locks"], false],
  ["lock-client", ["lockc"], false],
  ["customize-mode", [], false],
];

/**
 * Whether a command line may start a server, as tmux's client decides: one of its commands (split
 * at `;` words or words ending in an unescaped `;`) is one that may. An empty line is new-session.
 */
export function commandStartsServer(argv: readonly string[]): boolean {
  if (argv.length === 0) return true;
  let first = true;
  for (const word of argv) {
    const ends = word.endsWith(";") && !word.endsWith("\\;");
    const name = ends ? word.slice(0, -1) : word;
    if (first && name !== "" && nameStartsServer(name)) return true;
    if (first && name !== "") first = false;
    if (ends) first = true;
  }
  return false;
}

/**
 * Whether a command (by name, alias or unique prefix) may start a server, as tmux's new-session
 * does. One loop, not find and filter: a script's command runs this once, interpreted, and each
 * of JavaScriptCore's array builtins costs ~0.02–0.06 ms the first time it runs.
 */
export function nameStartsServer(name: string): boolean {
  let prefixed: (typeof COMMAND_NAMES)[number] | undefined;
  let prefixes = 0;
  for (const command of COMMAND_NAMES) {
    if (command[0] === name || command[1].includes(name)) return command[2];
    if (command[0].startsWith(name)) {
      prefixed = command;
      prefixes++;
    }
  }
  return prefixes === 1 && prefixed !== undefined && prefixed[2];
}
