// The PTY core: programs in real pseudo-terminals, their output gathered by one worker thread
// into bounded per-pane rings. Knows nothing of panes, layouts or terminal emulation.
export { spawn, resolveProgram, Pty, MAX_DIMENSION, type SpawnOptions, type ExitStatus, type DataHandler } from "./spawn.ts";
export { SysError, signalName, signalNumber, makeRaw, setWinsize, peerUid, peerPid, readableFds, accessible, isDirectory, chmod, unlink, F_OK } from "./libc.ts";
export { nodeFs } from "./node-fs.ts";
export { outputWaiting, gatherHost, warmClock } from "./gather.ts";
export { SLOT_COUNT, SLOT_SIZE } from "./channel-layout.ts";
