// Mouse reports: parsing what the host terminal sends (SGR 1006 and X10), the modes weft asks
// the host for, and passing an event on to a pane's program in the protocol and encoding that
// program asked for (xterm's own mouse service encodes it, as a terminal would).
import type { Terminal } from "@xterm/headless";

export type MouseKind = "down" | "up" | "drag" | "move" | "wheelUp" | "wheelDown";

export interface MouseEvent {
  kind: MouseKind;
  /** 0 left, 1 middle, 2 right; 3 none (X10 release, motion without a button). */
  button: number;
  /** Cell, 0-based, in the client's screen. */
  x: number;
  y: number;
  shift: boolean;
  meta: boolean;
  ctrl: boolean;
}

/** A mouse report's bytes ("ESC [ < b ; x ; y M/m" or "ESC [ M b x y") as an event, or null. */
export function parseMouse(bytes: Uint8Array): MouseEvent | null {
  const s = Buffer.from(bytes).toString("latin1");
  let b: number;
  let x: number;
  let y: number;
  let release: boolean;
  const sgr = /^\x1b\[<(\d+);(\d+);(\d+)([Mm])$/.exec(s);
  if (sgr) {
    b = Number(sgr[1]);
    x = Number(sgr[2]) - 1;
    y = Number(sgr[3]) - 1;
    release = sgr[4] === "m";
  } else if (s.startsWith("\x1b[M") && s.length === 6) {
    b = s.charCodeAt(3) - 32;
    x = s.charCodeAt(4) - 33;
    y = s.charCodeAt(5) - 33;
    release = (b & 3) === 3 && (b & 64) === 0 && (b & 32) === 0;
  } else return null;
  if (x < 0 || y < 0 || b < 0) return null;
  const mods = { shift: (b & 4) !== 0, meta: (b & 8) !== 0, ctrl: (b & 16) !== 0 };
  const low = b & 3;
  let kind: MouseKind;
  if (b & 64) kind = low === 0 ? "wheelUp" : "wheelDown";
  else if (release) kind = "up";
  else if (b & 32) kind = low === 3 ? "move" : "drag";
  else kind = "down";
  if (b & 64 && low > 1) return null; // wheel left/right: not handled
  return { kind, button: release && !sgr ? 3 : low, x, y, ...mods };
}

/** DEC modes for the host: which mouse reports to ask for ("" = none); SGR encoding always. */
export function hostMouseSequence(mode: "" | "1000" | "1002" | "1003"): string {
  const off = "\x1b[?1006l\x1b[?1003l\x1b[?1002l\x1b[?1000l";
  if (mode === "") return off;
  return `${off}\x1b[?1000h${mode === "1000" ? "" : `\x1b[?${mode}h`}\x1b[?1006h`;
}

/** What the host should report: with the mouse option every button event and drag, else what the pane asked for. */
export function hostMouseMode(mouseOption: boolean, paneMode: string): "" | "1000" | "1002" | "1003" {
  if (paneMode === "any") return "1003";
  if (mouseOption || paneMode === "drag") return "1002";
  return paneMode === "none" ? "" : "1000";
}

export function paneWantsMouse(t: Terminal): boolean {
  return t.modes.mouseTrackingMode !== "none";
}

interface CoreMouseService {
  triggerMouseEvent(e: {
    col: number;
    row: number;
    x: number;
    y: number;
    button: number;
    action: number;
    ctrl: boolean;
    alt: boolean;
    shift: boolean;
  }): boolean;
}

// xterm's CoreMouseButton and CoreMouseAction.
const BUTTON_NONE = 3;
const BUTTON_WHEEL = 4;
const ACTION_UP = 0;
const ACTION_DOWN = 1;
const ACTION_MOVE = 32;

/**
 * Report an event to the pane's program at (col, row) of the pane: xterm applies the program's
 * protocol (X10 presses only, VT200, button-event, any-event) and encoding (X10 bytes, SGR)
 * and its reply goes to the PTY through the terminal's onData/onBinary. False if not sent.
 */
export function sendMouseToPane(t: Terminal, ev: MouseEvent, col: number, row: number, heldButton: number): boolean {
  const core: unknown = Reflect.get(t, "_core");
  const svc = (core as { coreMouseService?: CoreMouseService } | undefined)?.coreMouseService;
  if (!svc) return false;
  let button = ev.button;
  let action: number;
  switch (ev.kind) {
    case "down":
      action = ACTION_DOWN;
      break;
    case "up":
      action = ACTION_UP;
      if (button === BUTTON_NONE) button = heldButton;
      break;
    case "drag":
      action = ACTION_MOVE;
      break;
    case "move":
      action = ACTION_MOVE;
      button = BUTTON_NONE;
      break;
    case "wheelUp":
    case "wheelDown":
      button = BUTTON_WHEEL;
      action = ev.kind === "wheelUp" ? ACTION_UP : ACTION_DOWN;
      break;
  }
  const c = Math.max(0, Math.min(col, t.cols - 1));
  const r = Math.max(0, Math.min(row, t.rows - 1));
  return svc.triggerMouseEvent({ col: c, row: r, x: 0, y: 0, button, action, ctrl: ev.ctrl, alt: ev.meta, shift: ev.shift });
}
