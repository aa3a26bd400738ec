// tmux key names and bytes, both ways: names to the bytes a pane's program
// expects (tmux 3.3a input-keys.c, key-string.c) and raw terminal input to
// named keys for binding lookup (tty-keys.c).
// One file, longer than most: both directions share the key codes, their names and modifiers.
import { once } from "./once.ts";

export interface InputModes {
  applicationCursor: boolean; // DECCKM: arrows send ESC O x
  applicationKeypad: boolean; // DECKPAM: keypad sends ESC O x
  bracketedPaste?: boolean;
}

export interface ParsedKey {
  key: string; // tmux name: "C-b", "Up", "M-x", "é", "Paste", or the raw text of an unknown sequence
  bytes: Uint8Array; // exactly the input bytes this key came from
}

// ---- key codes (a small model of tmux's key_code) ----

const MOD_META = 1;
const MOD_CTRL = 2;
const MOD_SHIFT = 4;
// Flags that change encoding but not the name (KEYC_IMPLIED_META etc).
const F_IMPLIED_META = 8; // the sequence itself carries the meta (ESC[1;3A)
const F_CURSOR = 16; // an arrow: ESC O x in application cursor mode
const F_KEYPAD = 32; // a keypad key: ESC O x in application keypad mode
const MODS = MOD_META | MOD_CTRL | MOD_SHIFT;

interface KeyCode {
  key: number; // a code point, or SPECIAL + index into BASE_SPECIALS and the mouse names
  mods: number;
}

const SPECIAL = 0x110000;

const MOUSE_EVENTS = ["MouseDown", "MouseUp", "MouseDrag", "MouseDragEnd", "SecondClick", "DoubleClick", "TripleClick"];
const MOUSE_BUTTONS = ["1", "2", "3", "6", "7", "8", "9", "10", "11"];
const MOUSE_WHERE = ["Pane", "Status", "StatusLeft", "StatusRight", "StatusDefault", "Border"];
// The mouse keys' ~380 names, made at first use: building them and their index at load was
// ~0.3 ms of every server's start (interpreted), though a detached server may never name a key.
const mouseNames = once(() => [
  ...MOUSE_EVENTS.flatMap((e) => MOUSE_BUTTONS.flatMap((b) => MOUSE_WHERE.map((w) => `${e}${b}${w}`))),
  ...["WheelUp", "WheelDown"].flatMap((e) => MOUSE_WHERE.map((w) => `${e}${w}`)),
]);

// Keys that are not characters, then the mouse keys. Names are tmux's canonical spellings.
const BASE_SPECIALS = [
  "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12",
  "IC", "DC", "Home", "End", "NPage", "PPage", "BTab", "BSpace",
  "Up", "Down", "Left", "Right",
  "KP/", "KP*", "KP-", "KP7", "KP8", "KP9", "KP+", "KP4", "KP5", "KP6", "KP1", "KP2", "KP3", "KPEnter", "KP0", "KP.",
  "FocusIn", "FocusOut", "PasteStart", "PasteEnd", "Any", "Mouse",
] as const;
const specialIndex = once(
  () => new Map<string, number>([...BASE_SPECIALS, ...mouseNames()].map((n, i) => [n, SPECIAL + i])),
);
const sp = (name: string): number => specialIndex().get(name) as number;
const baseSpecial = (name: (typeof BASE_SPECIALS)[number]): number => SPECIAL + BASE_SPECIALS.indexOf(name);
const K_BSPACE = baseSpecial("BSpace");
const K_ANY = baseSpecial("Any");
const MOUSE_FIRST = baseSpecial("Mouse");

/**
 * key_string_table: every accepted spelling (case-insensitive) to a key, and each key's name
 * (the first spelling of a key wins: Insert -> IC, PageUp -> PPage). This file's tables are
 * made at first use (~1.3 ms of a server's start, made at load).
 */
const nameTables = once(() => {
  const byName = new Map<string, KeyCode>();
  const canonical = new Map<number, string>();
  const addName = (name: string, key: number, flags = 0): void => {
    byName.set(name.toLowerCase(), { key, mods: flags });
    if (!canonical.has(key)) canonical.set(key, name);
  };
  addNames(addName);
  for (const n of ["FocusIn", "FocusOut", "PasteStart", "PasteEnd", "Any", "Mouse"] as const) canonical.set(sp(n), n);
  return { byName, canonical };
});

function addNames(addName: (name: string, key: number, flags?: number) => void): void {
  for (let i = 1; i <= 12; i++) addName(`F${i}`, sp(`F${i}` as "F1"), F_IMPLIED_META);
  for (const [name, key] of [
    ["IC", "IC"], ["Insert", "IC"], ["DC", "DC"], ["Delete", "DC"], ["Home", "Home"], ["End", "End"],
    ["NPage", "NPage"], ["PageDown", "NPage"], ["PgDn", "NPage"], ["PPage", "PPage"], ["PageUp", "PPage"], ["PgUp", "PPage"],
  ] as const) {
    addName(name, sp(key), F_IMPLIED_META);
  }
  addName("Tab", 9);
  addName("BTab", sp("BTab"));
  addName("Space", 32);
  addName("BSpace", K_BSPACE);
  addName("Enter", 13);
  addName("Escape", 27);
  for (const a of ["Up", "Down", "Left", "Right"] as const) addName(a, sp(a), F_CURSOR | F_IMPLIED_META);
  for (const k of ["KP/", "KP*", "KP-", "KP7", "KP8", "KP9", "KP+", "KP4", "KP5", "KP6", "KP1", "KP2", "KP3", "KPEnter", "KP0", "KP."] as const) {
    addName(k, sp(k), F_KEYPAD);
  }
  for (const m of mouseNames()) addName(m, sp(m));
}

// Characters that C- leaves alone rather than turning into a control code.
const CTRL_OTHER = "!#()+,-.0123456789:;<=>'\r\t\x7f`/";

/** key_string_lookup_string: a name to a key, or null if it is not a key. */
function keyFromName(name: string): KeyCode | null {
  if (name.toLowerCase() === "any") return { key: K_ANY, mods: 0 };
  if (name.toLowerCase() === "none") return null;
  if (name.startsWith("0x")) {
    if (!/^0x[0-9a-fA-F]+/.test(name)) return null;
    const u = Number.parseInt(name.slice(2), 16);
    if (u < 32) return { key: u, mods: 0 };
    if (u > 0x10ffff || (u >= 0xd800 && u <= 0xdfff)) return null;
    return { key: u, mods: 0 };
  }
  let mods = 0;
  let s = name;
  if (s[0] === "^" && s.length > 1) {
    mods |= MOD_CTRL;
    s = s.slice(1);
  }
  while (s.length >= 2 && s[1] === "-") {
    const m = s[0];
    if (m === "C" || m === "c") mods |= MOD_CTRL;
    else if (m === "M" || m === "m") mods |= MOD_META;
    else if (m === "S" || m === "s") mods |= MOD_SHIFT;
    else return null;
    s = s.slice(2);
  }
  if (s === "") return null;
  const cps = [...s];
  let key: number;
  let flags = 0;
  const first = cps[0]?.codePointAt(0) ?? 0;
  if (cps.length === 1 && first <= 127) {
    key = first;
    if (key < 32) return null;
  } else if (first > 127) {
    // A UTF-8 key: exactly one character, modifiers kept as they are.
    return cps.length === 1 ? { key: first, mods } : null;
  } else {
    const found = nameTables().byName.get(s.toLowerCase());
    if (!found) return null;
    key = found.key;
    flags = found.mods;
    if (!(mods & MOD_META)) flags &= ~F_IMPLIED_META;
  }
  if (key <= 127 && mods & MOD_CTRL && !CTRL_OTHER.includes(String.fromCharCode(key)) && key !== 9 && key !== 13 && key !== 27) {
    if (key >= 97 && key <= 122) key -= 96;
    else if (key >= 64 && key <= 95) key -= 64;
    else if (key === 32) key = 0;
    else if (key === 63) key = 127;
    else return null;
    mods &= ~MOD_CTRL;
  }
  return { key, mods: mods | flags };
}

/** key_string_lookup_key: a key's canonical tmux name. */
function keyName(k: KeyCode): string {
  let key = k.key;
  let mods = k.mods & MODS;
  if (key === 0 && mods === 0) {
    key = 32;
    mods = MOD_CTRL; // C-@ is shown as C-Space
  }
  let out = "";
  if (mods & MOD_CTRL) out += "C-";
  if (mods & MOD_META) out += "M-";
  if (mods & MOD_SHIFT) out += "S-";
  const canonical = nameTables().canonical.get(key);
  if (canonical !== undefined) return out + canonical;
  if (key >= SPECIAL) return `${out}Unknown`;
  if (key > 127) return out + String.fromCodePoint(key);
  if (key <= 32) return out + (key === 0 || key > 26 ? `C-${String.fromCharCode(64 + key)}` : `C-${String.fromCharCode(96 + key)}`);
  if (key === 127) return `${out}C-?`;
  return out + String.fromCharCode(key);
}

/**
 * A bind-key name in tmux's canonical form: "c-b" and "^B" -> "C-b",
 * "enter" and "C-m" -> "Enter", "C-M-b" -> "M-C-b", "PageUp" -> "PPage".
 * null if tmux would reject it.
 */
export function normalizeKeyName(name: string): string | null {
  const k = keyFromName(name);
  return k === null ? null : keyName(k);
}

// ---- encoding: input-keys.c ----

const ESC = "\x1b";

const outKey = (key: number, flags: number) => `${key}/${flags}`;
/** input_key_defaults, keyed by `${key}/${flags}`. */
const outputTree = once(() => {
  const OUTPUT_TREE = new Map<string, string>();
  const plain: [string, string][] = [
    ["F1", "\x1bOP"], ["F2", "\x1bOQ"], ["F3", "\x1bOR"], ["F4", "\x1bOS"],
    ["F5", "\x1b[15~"], ["F6", "\x1b[17~"], ["F7", "\x1b[18~"], ["F8", "\x1b[19~"],
    ["F9", "\x1b[20~"], ["F10", "\x1b[21~"], ["F11", "\x1b[23~"], ["F12", "\x1b[24~"],
    ["IC", "\x1b[2~"], ["DC", "\x1b[3~"], ["Home", "\x1b[1~"], ["End", "\x1b[4~"],
    ["NPage", "\x1b[6~"], ["PPage", "\x1b[5~"], ["BTab", "\x1b[Z"],
    ["Up", "\x1b[A"], ["Down", "\x1b[B"], ["Right", "\x1b[C"], ["Left", "\x1b[D"],
    ["PasteStart", "\x1b[200~"], ["PasteEnd", "\x1b[201~"],
  ];
  for (const [n, d] of plain) OUTPUT_TREE.set(outKey(sp(n), 0), d);
  for (const [n, c] of [["Up", "A"], ["Down", "B"], ["Right", "C"], ["Left", "D"]] as const) {
    OUTPUT_TREE.set(outKey(sp(n), F_CURSOR), `\x1bO${c}`);
  }
  const keypad: [string, string, string][] = [
    ["KP/", "o", "/"], ["KP*", "j", "*"], ["KP-", "m", "-"], ["KP7", "w", "7"], ["KP8", "x", "8"], ["KP9", "y", "9"],
    ["KP+", "k", "+"], ["KP4", "t", "4"], ["KP5", "u", "5"], ["KP6", "v", "6"], ["KP1", "q", "1"], ["KP2", "r", "2"],
    ["KP3", "s", "3"], ["KPEnter", "M", "\n"], ["KP0", "p", "0"], ["KP.", "n", "."],
  ];
  for (const [n, app, num] of keypad) {
    const k = sp(n);
    OUTPUT_TREE.set(outKey(k, F_KEYPAD), `\x1bO${app}`);
    OUTPUT_TREE.set(outKey(k, 0), num);
  }
  // xterm modifier encoding: parameter 2..8 = 1 + shift + 2*meta + 4*ctrl.
  const modified: [string, string][] = [
    ["F1", "\x1b[1;_P"], ["F2", "\x1b[1;_Q"], ["F3", "\x1b[1;_R"], ["F4", "\x1b[1;_S"],
    ["F5", "\x1b[15;_~"], ["F6", "\x1b[17;_~"], ["F7", "\x1b[18;_~"], ["F8", "\x1b[19;_~"],
    ["F9", "\x1b[20;_~"], ["F10", "\x1b[21;_~"], ["F11", "\x1b[23;_~"], ["F12", "\x1b[24;_~"],
    ["Up", "\x1b[1;_A"], ["Down", "\x1b[1;_B"], ["Right", "\x1b[1;_C"], ["Left", "\x1b[1;_D"],
    ["Home", "\x1b[1;_H"], ["End", "\x1b[1;_F"], ["PPage", "\x1b[5;_~"], ["NPage", "\x1b[6;_~"],
    ["IC", "\x1b[2;_~"], ["DC", "\x1b[3;_~"],
  ];
  for (const [n, tmpl] of modified) {
    for (let j = 2; j <= 8; j++) {
      OUTPUT_TREE.set(outKey(sp(n), xtermModifierFlags(j)), tmpl.replace("_", String(j)));
    }
  }
  return OUTPUT_TREE;
});

/** input_key_modifiers / tty_default_xterm_modifiers: xterm parameter to flags. */
function xtermModifierFlags(j: number): number {
  switch (j) {
    case 2:
      return MOD_SHIFT;
    case 3:
      return MOD_META | F_IMPLIED_META;
    case 4:
      return MOD_SHIFT | MOD_META | F_IMPLIED_META;
    case 5:
      return MOD_CTRL;
    case 6:
      return MOD_SHIFT | MOD_CTRL;
    case 7:
      return MOD_META | F_IMPLIED_META | MOD_CTRL;
    case 8:
      return MOD_SHIFT | MOD_META | F_IMPLIED_META | MOD_CTRL;
    case 9:
      return MOD_META | F_IMPLIED_META;
    default:
      return -1;
  }
}

const encoder = new TextEncoder();

/** input_key: the bytes for a key, "" for keys that send nothing, null if tmux has no sequence. */
function encodeCode(k: KeyCode, modes: InputModes): string | null {
  let { key, mods } = k;
  if (key >= MOUSE_FIRST) return ""; // mouse keys need a mouse event
  if (key === K_BSPACE) key = 0x7f; // tmux's "backspace" option, default C-?
  const meta = (mods & MOD_META) !== 0;
  const rest = mods & ~(MOD_META | F_IMPLIED_META);
  if (key <= 0x7f && rest === 0) return (meta ? ESC : "") + String.fromCharCode(key);
  if (key > 0x7f && key < SPECIAL) return (meta ? ESC : "") + String.fromCodePoint(key); // other modifiers are dropped, as in tmux
  if (!modes.applicationKeypad) mods &= ~F_KEYPAD;
  if (!modes.applicationCursor) mods &= ~F_CURSOR;
  const implied = (mods & F_IMPLIED_META) !== 0;
  const OUTPUT_TREE = outputTree();
  let data = OUTPUT_TREE.get(outKey(key, mods));
  if (data === undefined && meta && !implied) data = OUTPUT_TREE.get(outKey(key, mods & ~MOD_META));
  if (data === undefined && mods & F_CURSOR) data = OUTPUT_TREE.get(outKey(key, mods & ~F_CURSOR));
  if (data === undefined && mods & F_KEYPAD) data = OUTPUT_TREE.get(outKey(key, mods & ~F_KEYPAD));
  if (data !== undefined) return (meta && !implied ? ESC : "") + data;
  // No sequence of its own and no extended keys: only C-x survives, as a control code.
  if ((mods & MODS) !== MOD_CTRL) return null;
  let ctrl: number;
  if (key === 32 || key === 0x32) ctrl = 0;
  else if (key === 0x7c) ctrl = 28;
  else if (key === 0x36) ctrl = 30;
  else if (key === 0x2d || key === 0x2f) ctrl = 31;
  else if (key === 0x3f) ctrl = 127;
  else if (key >= 0x41 && key <= 0x5f) ctrl = key - 0x41; // sic: tmux 3.3a subtracts 'A'
  else if (key >= 0x61 && key <= 0x7e) ctrl = key - 96;
  else return "";
  return encodeCode({ key: ctrl, mods: mods & ~MOD_CTRL }, modes);
}

/**
 * A tmux key name to the bytes to write to a pane, for send-keys. null when
 * the name is not a key (or tmux has no sequence for it): send-keys then
 * sends the word as literal text. An empty array means the key sends nothing.
 */
export function encodeKey(name: string, modes: InputModes): Uint8Array | null {
  const k = keyFromName(name);
  if (k === null) return null;
  const s = encodeCode(k, modes);
  return s === null ? null : encoder.encode(s);
}

// ---- decoding: tty-keys.c ----

/**
 * Sequences a terminal sends, to keys (tty_default_raw_keys and terminfo defaults), and every
 * proper prefix of one (a sequence cut short).
 */
const inputTree = once(() => {
  const INPUT_TREE = new Map<string, KeyCode>();
  const add = (seq: string, name: string | number, mods = 0) =>
    INPUT_TREE.set(seq, { key: typeof name === "number" ? name : sp(name), mods });
  add("\x1bO[", 27);
  const kp: [string, string][] = [
    ["o", "KP/"], ["j", "KP*"], ["m", "KP-"], ["w", "KP7"], ["x", "KP8"], ["y", "KP9"], ["k", "KP+"], ["t", "KP4"],
    ["u", "KP5"], ["v", "KP6"], ["q", "KP1"], ["r", "KP2"], ["s", "KP3"], ["M", "KPEnter"], ["p", "KP0"], ["n", "KP."],
  ];
  for (const [c, n] of kp) add(`\x1bO${c}`, n as "KP0", F_KEYPAD);
  const arrows = [["A", "Up"], ["B", "Down"], ["C", "Right"], ["D", "Left"]] as const;
  for (const [c, n] of arrows) {
    add(`\x1bO${c}`, n, F_CURSOR);
    add(`\x1b[${c}`, n, F_CURSOR);
    // ESC + arrow is M-arrow, but without the implied meta (it stays ESC Up).
    add(`\x1b\x1bO${c}`, n, F_CURSOR | MOD_META);
    add(`\x1b\x1b[${c}`, n, F_CURSOR | MOD_META);
  }
  add("\x1bOH", "Home");
  add("\x1bOF", "End");
  add("\x1b[H", "Home");
  add("\x1b[F", "End");
  for (const p of ["O", "["]) {
    add(`\x1b\x1b${p}H`, "Home", MOD_META | F_IMPLIED_META);
    add(`\x1b\x1b${p}F`, "End", MOD_META | F_IMPLIED_META);
  }
  // rxvt
  for (const [c, n] of [["a", "Up"], ["b", "Down"], ["c", "Right"], ["d", "Left"]] as const) {
    add(`\x1bO${c}`, n, MOD_CTRL);
    add(`\x1b[${c}`, n, MOD_SHIFT);
  }
  const rxvt: [string, string][] = [
    ["11", "F1"], ["12", "F2"], ["13", "F3"], ["14", "F4"], ["15", "F5"], ["17", "F6"], ["18", "F7"], ["19", "F8"],
    ["20", "F9"], ["21", "F10"], ["23", "F11"], ["24", "F12"], ["2", "IC"], ["3", "DC"], ["7", "Home"], ["8", "End"],
    ["6", "NPage"], ["5", "PPage"],
  ];
  for (const [num, n] of rxvt) {
    add(`\x1b[${num}^`, n as "F1", MOD_CTRL);
    add(`\x1b[${num}$`, n as "F1", MOD_SHIFT);
    add(`\x1b[${num}@`, n as "F1", MOD_CTRL | MOD_SHIFT);
  }
  add("\x1b[I", "FocusIn");
  add("\x1b[O", "FocusOut");
  // terminfo keys of xterm, screen/tmux, rxvt and the Linux console.
  for (const [num, n] of rxvt) add(`\x1b[${num}~`, n as "F1");
  add("\x1b[1~", "Home");
  add("\x1b[4~", "End");
  add("\x1b[Z", "BTab");
  for (const [c, n] of [["P", "F1"], ["Q", "F2"], ["R", "F3"], ["S", "F4"]] as const) add(`\x1bO${c}`, n);
  for (const [c, n] of [["A", "F1"], ["B", "F2"], ["C", "F3"], ["D", "F4"], ["E", "F5"]] as const) add(`\x1b[[${c}`, n);
  // xterm modified keys (tty_default_xterm_keys), parameters 2..9.
  const xterm: [string, string][] = [
    ["\x1b[1;_P", "F1"], ["\x1bO1;_P", "F1"], ["\x1bO_P", "F1"], ["\x1b[1;_Q", "F2"], ["\x1bO1;_Q", "F2"], ["\x1bO_Q", "F2"],
    ["\x1b[1;_R", "F3"], ["\x1bO1;_R", "F3"], ["\x1bO_R", "F3"], ["\x1b[1;_S", "F4"], ["\x1bO1;_S", "F4"], ["\x1bO_S", "F4"],
    ["\x1b[15;_~", "F5"], ["\x1b[17;_~", "F6"], ["\x1b[18;_~", "F7"], ["\x1b[19;_~", "F8"], ["\x1b[20;_~", "F9"],
    ["\x1b[21;_~", "F10"], ["\x1b[23;_~", "F11"], ["\x1b[24;_~", "F12"],
    ["\x1b[1;_A", "Up"], ["\x1b[1;_B", "Down"], ["\x1b[1;_C", "Right"], ["\x1b[1;_D", "Left"],
    ["\x1b[1;_H", "Home"], ["\x1b[1;_F", "End"], ["\x1b[5;_~", "PPage"], ["\x1b[6;_~", "NPage"],
    ["\x1b[2;_~", "IC"], ["\x1b[3;_~", "DC"],
  ];
  for (const [tmpl, n] of xterm) {
    for (let j = 2; j <= 9; j++) add(tmpl.replace("_", String(j)), n, xtermModifierFlags(j));
  }
  const prefixes = new Set<string>();
  for (const seq of INPUT_TREE.keys()) for (let i = 1; i < seq.length; i++) prefixes.add(seq.slice(0, i));
  return { sequences: INPUT_TREE, prefixes };
});

const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";
const latin1 = new TextDecoder("latin1");
const utf8 = new TextDecoder("utf-8", { fatal: false });

/** Length of a complete UTF-8 character at i, 0 if invalid, -1 if cut short. */
function utf8Length(b: Uint8Array, i: number): number {
  const c = b[i] ?? 0;
  const n = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? (c <= 0xef ? 3 : 0) : c >= 0xc2 && c <= 0xdf ? 2 : 0;
  if (n === 0) return 0;
  for (let k = 1; k < n; k++) {
    if (i + k >= b.length) return -1;
    const cc = b[i + k] ?? 0;
    if ((cc & 0xc0) !== 0x80) return 0;
  }
  return n;
}

/** Extended keys: CSI number;modifier u and CSI 27;modifier;number ~ (tty_keys_extended_key). */
function extendedKey(s: string): { code: KeyCode; size: number } | null | "partial" {
  let end = 2;
  for (; end < s.length && end < 64; end++) {
    const c = s[end] as string;
    if (c === "~") break;
    if (!/[0-9;]/.test(c)) break;
  }
  if (end === s.length) return "partial";
  const fin = s[end];
  if (end === 64 || (fin !== "~" && fin !== "u")) return null;
  const body = s.slice(2, end);
  const m = fin === "~" ? /^27;(\d+);(\d+)/.exec(body) : /^(\d+);(\d+)/.exec(body);
  if (!m) return null;
  const number = Number(fin === "~" ? m[2] : m[1]);
  const modifier = Number(fin === "~" ? m[1] : m[2]);
  let key = number === 0x7f ? K_BSPACE : number;
  let mods = xtermModifierFlags(modifier);
  if (mods < 0 || key > 0x10ffff) return null;
  if (mods & MOD_CTRL) {
    if (key < 32 && key !== 9 && key !== 13 && key !== 27) {
      /* already a control code */
    } else if (key >= 97 && key <= 122) key -= 96;
    else if (key >= 64 && key <= 95) key -= 64;
    else if (key === 32) key = 0;
    else if (key === 63) key = 127;
    else {
      return { code: { key, mods }, size: end + 1 }; // keeps C-
    }
    mods &= ~MOD_CTRL;
  }
  return { code: { key, mods }, size: end + 1 };
}

type Step = { name: string; size: number } | "partial";

/** A byte that is not valid UTF-8, named as tmux prints it: "\\377". */
const invalidByte = (c: number) => `\\${c.toString(8)}`;

/**
 * One key at offset i (s is bytes b as latin1). With `final`, the input is
 * complete: what could still grow into a longer sequence is resolved the way
 * tmux resolves it when escape-time runs out.
 */
function nextKey(s: string, b: Uint8Array, i: number, final: boolean): Step {
  const rest = s.slice(i);
  if (rest.startsWith(PASTE_START)) {
    const end = rest.indexOf(PASTE_END, PASTE_START.length);
    if (end >= 0) return { name: "Paste", size: end + PASTE_END.length };
    return final ? { name: "Paste", size: rest.length } : "partial";
  }
  const c = b[i] ?? 0;
  if (c === 0x1b) return escapeKey(s, b, i, final);
  if (c === 0x7f) return { name: "BSpace", size: 1 }; // termios VERASE is ^? here
  if (c < 0x80) return { name: keyName({ key: c, mods: 0 }), size: 1 };
  const n = utf8Length(b, i);
  if (n === -1 && !final) return "partial";
  if (n <= 0) return { name: invalidByte(c), size: 1 };
  const ch = utf8.decode(b.subarray(i, i + n));
  return { name: keyName({ key: ch.codePointAt(0) ?? 0, mods: 0 }), size: n };
}

function escapeKey(s: string, b: Uint8Array, i: number, final: boolean): Step {
  const rest = s.slice(i);
  if (rest.length === 1) return final ? { name: "Escape", size: 1 } : "partial";
  const partial = (): Step => (final ? metaKey(s, b, i) : "partial");
  // Mouse reports: X10 "ESC [ M b x y" and SGR "ESC [ < b ; x ; y M/m".
  if (rest.startsWith("\x1b[M")) return rest.length >= 6 ? { name: "Mouse", size: 6 } : partial();
  if (rest.startsWith("\x1b[<")) {
    const m = /^\x1b\[<[0-9;]*([Mm])?/.exec(rest);
    if (m?.[1] !== undefined) return { name: "Mouse", size: m[0].length };
    if (m && m[0].length === rest.length) return partial();
  }
  // The longest known sequence; wait if all we have is the start of one.
  let best: KeyCode | null = null;
  let bestLen = 0;
  for (let n = 2; n <= Math.min(rest.length, 12); n++) {
    const k = inputTree().sequences.get(rest.slice(0, n));
    if (k) {
      best = k;
      bestLen = n;
    }
  }
  if (best !== null) return { name: keyName(best), size: bestLen };
  if (rest.length <= 12 && inputTree().prefixes.has(rest)) return partial();
  if (rest[1] === "[") {
    const ext = extendedKey(rest);
    if (ext === "partial") return partial();
    if (ext !== null) return { name: keyName(ext.code), size: ext.size };
    // Any other complete CSI sequence is one unknown key, passed through whole.
    const m = /^\x1b\[[0-?]*[ -/]*([@-~])?/.exec(rest);
    if (m && m[1] === undefined && m[0].length === rest.length) return partial();
    if (m?.[1] !== undefined && m[0].length > 2) return { name: rest.slice(0, m[0].length), size: m[0].length };
  }
  if (rest[1] === "O" && rest.length >= 3 && /[@-~]/.test(rest[2] as string)) {
    return { name: rest.slice(0, 3), size: 3 };
  }
  if (rest[1] === "O" && rest.length === 2) return partial();
  return metaKey(s, b, i, final);
}

/** ESC then a key: that key with meta (tmux's "escape prefix"). */
function metaKey(s: string, b: Uint8Array, i: number, final = true): Step {
  const inner = nextKey(s, b, i + 1, final);
  if (inner === "partial") return "partial";
  const code = inner.name === "Paste" || inner.name === "Mouse" ? null : keyFromName(inner.name);
  // ESC before something that is not a plain key, or before an xterm key that
  // already carries meta (ESC ESC[1;3A is Escape then M-Up): a lone Escape.
  if (code === null || code.mods & F_IMPLIED_META) return { name: "Escape", size: 1 };
  return { name: keyName({ key: code.key, mods: code.mods | MOD_META }), size: 1 + inner.size };
}

function split(bytes: Uint8Array, final: boolean): { keys: ParsedKey[]; rest: Uint8Array } {
  const s = latin1.decode(bytes);
  const keys: ParsedKey[] = [];
  let i = 0;
  while (i < bytes.length) {
    const step = nextKey(s, bytes, i, final);
    if (step === "partial") return { keys, rest: bytes.slice(i) };
    keys.push({ key: step.name, bytes: bytes.slice(i, i + step.size) });
    i += step.size;
  }
  return { keys, rest: new Uint8Array(0) };
}

/**
 * Split raw terminal input into keys, keeping an incomplete tail (a lone ESC,
 * half a sequence, half a UTF-8 character, an unfinished paste) in `rest` for
 * the caller to complete with more input, or to pass to parseKeys once
 * escape-time has run out.
 */
export function splitKeys(bytes: Uint8Array): { keys: ParsedKey[]; rest: Uint8Array } {
  return split(bytes, false);
}

/**
 * Split raw input from a client's terminal into keys with their tmux names,
 * treating the input as complete: a lone ESC at the end is "Escape", "ESC ["
 * at the end is "M-[", a bracketed paste is one "Paste" key, and an unknown
 * sequence is one key named by its own bytes.
 */
export function parseKeys(bytes: Uint8Array): ParsedKey[] {
  return split(bytes, true).keys;
}

/** Text for a pane, wrapped in bracketed-paste markers if the pane asked for them. */
export function encodePaste(text: string | Uint8Array, modes: InputModes): Uint8Array {
  const body = typeof text === "string" ? encoder.encode(text) : text;
  if (!modes.bracketedPaste) return body;
  const out = new Uint8Array(body.length + 12);
  out.set(encoder.encode(PASTE_START), 0);
  out.set(body, 6);
  out.set(encoder.encode(PASTE_END), 6 + body.length);
  return out;
}

/** True if a name is a mouse key (MouseDown1Pane ...), for the server's key tables. */
export function isMouseKey(name: string): boolean {
  const k = keyFromName(name);
  return k !== null && k.key >= MOUSE_FIRST;
}
