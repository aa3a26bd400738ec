// node:os, loaded at its first use: importing it was ~0.5 ms of every server's start, for values
// a detached server starting a session rarely reads ($HOME stands in for homedir where set).
type Os = typeof import("node:os");

let os: Os | null = null;
const load = (): Os => (os ??= require("node:os") as Os);

export const hostname = (): string => load().hostname();
export const homedir = (): string => load().homedir();
export const userInfo = (): { homedir: string; username: string } => load().userInfo();
/** Signal numbers by name (SIGTERM: 15). */
export const signalNumbers = (): Record<string, number> => load().constants.signals as Record<string, number>;
