// The model's surface for the rest of weft: sessions, windows, panes, layouts, options, copy
// mode's state and the change stream. It imports nothing of the rest of src/mux.
export { Model, isUsableShell, type NewPaneOptions, type NewSessionOptions, type PaneTarget } from "./model.ts";
export { Notifier, type ModelEvent, type ModelEventType, type ClientRef, type PasteBuffer, type Listener } from "./notify.ts";
export { UserError } from "./errors.ts";
export { Environ, type EnvironEntry } from "./environ.ts";
export { Session, preciseNow, defaultSize } from "./session.ts";
export { Window } from "./window.ts";
export { Winlink } from "./winlink.ts";
export { SessionGroup, groupOf, isLinkedOutside } from "./session-group.ts";
export { Pane, type PaneSpawn, type PaneMode } from "./pane.ts";
export { Options, OptionError, scalarToString, type OptionEntry } from "./options-store.ts";
export {
  setOption,
  showOptions,
  type GlobalOptions,
  type OptionFlags,
  type OptionTarget,
  type OptionCommandContext,
  type SetCommand,
  type ShowCommand,
  type StartupEnvironment,
} from "./options-commands.ts";
export { enterCopyMode, enterMode, leaveMode, paneModeName, paneModeCount, modeChanged, copyText, synchronizedPanes, type EnterOptions } from "./pane-modes.ts";
