// The command table: every command weft has, one file each. The command line, key bindings,
// the config file and the ':' prompt all run these same entries.
import type { CommandEntry } from "./context.ts";
import { newSession } from "./new-session.ts";
import { attachSession } from "./attach-session.ts";
import { detachClient } from "./detach-client.ts";
import { killServer } from "./kill-server.ts";
import { killSession } from "./kill-session.ts";
import { hasSession } from "./has-session.ts";
import { listSessions } from "./list-sessions.ts";
import { listClients } from "./list-clients.ts";
import { confirmBefore } from "./confirm-before.ts";
import { rotateWindow } from "./rotate-window.ts";
import { displayPanes } from "./display-panes.ts";
import { chooseTree } from "./choose-tree.ts";
import { chooseBuffer, chooseClient } from "./choose-buffer.ts";
import { showMessages } from "./show-messages.ts";
import { clockMode } from "./clock-mode.ts";
import { suspendClient } from "./suspend-client.ts";
import { newWindow } from "./new-window.ts";
import { splitWindow } from "./split-window.ts";
import { sendKeys } from "./send-keys.ts";
import { displayMessage } from "./display-message.ts";
import { selectPane, lastPane } from "./select-pane.ts";
import { selectWindow, nextWindow, previousWindow, lastWindow } from "./select-window.ts";
import { killPane } from "./kill-pane.ts";
import { killWindow } from "./kill-window.ts";
import { refreshClient } from "./refresh-client.ts";
import { sendPrefix } from "./send-prefix.ts";
import { commandPrompt } from "./command-prompt.ts";
import { resizePane } from "./resize-pane.ts";
import { listPanes } from "./list-panes.ts";
import { listWindows } from "./list-windows.ts";
import { setOption, setWindowOption } from "./set-option.ts";
import { showOptions, showWindowOptions } from "./show-options.ts";
import { bindKey, unbindKey, listKeys } from "./bind-key.ts";
import { sourceFile } from "./source-file.ts";
import { capturePane } from "./capture-pane.ts";
import { waitCommand } from "./wait.ts";
import { waitFor } from "./wait-for.ts";
import { pipePane } from "./pipe-pane.ts";
import { respawnPane } from "./respawn-pane.ts";
import { renameWindow } from "./rename-window.ts";
import { setEnvironment } from "./set-environment.ts";
import { renameSession } from "./rename-session.ts";
import { selectLayout, nextLayout, previousLayout } from "./select-layout.ts";
import { swapPane } from "./swap-pane.ts";
import { breakPane } from "./break-pane.ts";
import { joinPane, movePane } from "./join-pane.ts";
import { switchClient } from "./switch-client.ts";
import { copyMode } from "./copy-mode.ts";
import { setBuffer } from "./set-buffer.ts";
import { showBuffer } from "./show-buffer.ts";
import { listBuffers } from "./list-buffers.ts";
import { deleteBuffer } from "./delete-buffer.ts";
import { saveBuffer } from "./save-buffer.ts";
import { loadBuffer } from "./load-buffer.ts";
import { pasteBuffer } from "./paste-buffer.ts";
import { swapWindow } from "./swap-window.ts";
import { linkWindowCommand, moveWindowCommand } from "./move-window.ts";
import { unlinkWindow } from "./unlink-window.ts";
import { respawnWindow } from "./respawn-window.ts";
import { resizeWindow } from "./resize-window.ts";
import { findWindow } from "./find-window.ts";
import { clearHistory } from "./clear-history.ts";
import { startServer } from "./start-server.ts";
import { ifShell } from "./if-shell.ts";
import { runShell } from "./run-shell.ts";
import { listCommands } from "./list-commands.ts";
import { displayMenu } from "./display-menu.ts";
import { displayPopup } from "./display-popup.ts";
import { showEnvironment } from "./show-environment.ts";
import { setHook, showHooks } from "./set-hook.ts";
import { showPromptHistory, clearPromptHistory } from "./show-prompt-history.ts";
import { serverAccess } from "./server-access.ts";
import { lockServer, lockSession, lockClientCommand } from "./lock-server.ts";
import { customizeMode } from "./customize-mode.ts";

export const COMMANDS: CommandEntry[] = [
  newSession,
  attachSession,
  detachClient,
  killServer,
  killSession,
  hasSession,
  listSessions,
  listClients,
  confirmBefore,
  rotateWindow,
  displayPanes,
  chooseTree,
  chooseBuffer,
  chooseClient,
  showMessages,
  clockMode,
  suspendClient,
  newWindow,
  splitWindow,
  sendKeys,
  displayMessage,
  selectPane,
  selectWindow,
  nextWindow,
  previousWindow,
  lastWindow,
  killPane,
  killWindow,
  refreshClient,
  sendPrefix,
  commandPrompt,
  resizePane,
  listPanes,
  listWindows,
  setOption,
  setWindowOption,
  showOptions,
  showWindowOptions,
  bindKey,
  unbindKey,
  listKeys,
  sourceFile,
  capturePane,
  waitCommand,
  waitFor,
  pipePane,
  respawnPane,
  renameWindow,
  renameSession,
  lastPane,
  selectLayout,
  nextLayout,
  previousLayout,
  swapPane,
  breakPane,
  joinPane,
  movePane,
  switchClient,
  copyMode,
  setBuffer,
  showBuffer,
  listBuffers,
  deleteBuffer,
  saveBuffer,
  loadBuffer,
  pasteBuffer,
  swapWindow,
  moveWindowCommand,
  linkWindowCommand,
  unlinkWindow,
  respawnWindow,
  resizeWindow,
  findWindow,
  clearHistory,
  startServer,
  setEnvironment,
  ifShell,
  runShell,
  listCommands,
  displayMenu,
  displayPopup,
  showEnvironment,
  setHook,
  showHooks,
  showPromptHistory,
  clearPromptHistory,
  serverAccess,
  lockServer,
  lockSession,
  lockClientCommand,
  customizeMode,
];
