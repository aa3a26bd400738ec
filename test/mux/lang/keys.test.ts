// Key name tests. ENCODE_GOLDEN comes from tmux 3.3a on this machine:
// `send-keys NAME` into a pane running `stty raw -echo; cat > file`, without
// and with application cursor + keypad mode (printf '\\e[?1h\\e='); names
// tmux does not know were sent as their literal text. NORMALIZE_GOLDEN comes
// from `bind-key -T t NAME ...; list-keys -T t`.
import { describe, expect, test } from "bun:test";
import { encodeKey, encodePaste, isMouseKey, normalizeKeyName, parseKeys, splitKeys } from "../../../src/mux/lang/keys.ts";

const NORMAL = { applicationCursor: false, applicationKeypad: false };
const APP = { applicationCursor: true, applicationKeypad: true };
const enc = new TextEncoder();
const hex = (u: Uint8Array) => Buffer.from(u).toString("hex");
const bytes = (s: string) => enc.encode(s);

/** What send-keys writes: the key's bytes, or the word itself when it is not a key. */
function sent(name: string, modes: typeof NORMAL): string {
  return hex(encodeKey(name, modes) ?? enc.encode(name));
}

const ENCODE_GOLDEN: [name: string, normal: string, app: string][] = [
  ["Enter", "0d", "0d"],
  ["Escape", "1b", "1b"],
  ["Tab", "09", "09"],
  ["BTab", "1b5b5a", "1b5b5a"],
  ["BSpace", "7f", "7f"],
  ["Space", "20", "20"],
  ["Up", "1b5b41", "1b4f41"],
  ["Down", "1b5b42", "1b4f42"],
  ["Left", "1b5b44", "1b4f44"],
  ["Right", "1b5b43", "1b4f43"],
  ["C-Up", "1b5b313b3541", "1b5b313b3541"],
  ["M-Up", "1b5b313b3341", "1b5b313b3341"],
  ["S-Up", "1b5b313b3241", "1b5b313b3241"],
  ["C-S-Up", "1b5b313b3641", "1b5b313b3641"],
  ["C-M-Up", "1b5b313b3741", "1b5b313b3741"],
  ["M-Left", "1b5b313b3344", "1b5b313b3344"],
  ["S-F1", "1b5b313b3250", "1b5b313b3250"],
  ["C-F5", "1b5b31353b357e", "1b5b31353b357e"],
  ["M-F12", "1b5b32343b337e", "1b5b32343b337e"],
  ["F1", "1b4f50", "1b4f50"],
  ["F2", "1b4f51", "1b4f51"],
  ["F3", "1b4f52", "1b4f52"],
  ["F4", "1b4f53", "1b4f53"],
  ["F5", "1b5b31357e", "1b5b31357e"],
  ["F6", "1b5b31377e", "1b5b31377e"],
  ["F7", "1b5b31387e", "1b5b31387e"],
  ["F8", "1b5b31397e", "1b5b31397e"],
  ["F9", "1b5b32307e", "1b5b32307e"],
  ["F10", "1b5b32317e", "1b5b32317e"],
  ["F11", "1b5b32337e", "1b5b32337e"],
  ["F12", "1b5b32347e", "1b5b32347e"],
  ["C-c", "03", "03"],
  ["c-c", "03", "03"],
  ["C-C", "03", "03"],
  ["^C", "03", "03"],
  ["M-x", "1b78", "1b78"],
  ["C-M-x", "1b18", "1b18"],
  ["M-C-x", "1b18", "1b18"],
  ["C-Space", "00", "00"],
  ["C-@", "00", "00"],
  ["C-a", "01", "01"],
  ["C-z", "1a", "1a"],
  ["C-[", "1b", "1b"],
  ["C-\\", "1c", "1c"],
  ["C-]", "1d", "1d"],
  ["C-^", "1e", "1e"],
  ["C-_", "1f", "1f"],
  ["C-?", "7f", "7f"],
  ["KP0", "30", "1b4f70"],
  ["KP9", "39", "1b4f79"],
  ["KP/", "2f", "1b4f6f"],
  ["KP*", "2a", "1b4f6a"],
  ["KP-", "2d", "1b4f6d"],
  ["KP+", "2b", "1b4f6b"],
  ["KP.", "2e", "1b4f6e"],
  ["KPEnter", "0a", "1b4f4d"],
  ["M-KP1", "1b31", "1b1b4f71"],
  ["Home", "1b5b317e", "1b5b317e"],
  ["End", "1b5b347e", "1b5b347e"],
  ["PageUp", "1b5b357e", "1b5b357e"],
  ["PgUp", "1b5b357e", "1b5b357e"],
  ["PPage", "1b5b357e", "1b5b357e"],
  ["PageDown", "1b5b367e", "1b5b367e"],
  ["PgDn", "1b5b367e", "1b5b367e"],
  ["NPage", "1b5b367e", "1b5b367e"],
  ["IC", "1b5b327e", "1b5b327e"],
  ["Insert", "1b5b327e", "1b5b327e"],
  ["DC", "1b5b337e", "1b5b337e"],
  ["Delete", "1b5b337e", "1b5b337e"],
  ["C-Home", "1b5b313b3548", "1b5b313b3548"],
  ["S-End", "1b5b313b3246", "1b5b313b3246"],
  ["M-Home", "1b5b313b3348", "1b5b313b3348"],
  ["C-PPage", "1b5b353b357e", "1b5b353b357e"],
  ["C-IC", "1b5b323b357e", "1b5b323b357e"],
  ["M-DC", "1b5b333b337e", "1b5b333b337e"],
  ["é", "c3a9", "c3a9"],
  ["M-é", "1bc3a9", "1bc3a9"],
  ["C-é", "c3a9", "c3a9"],
  ["S-a", "532d61", "532d61"],
  ["C-1", "", ""],
  ["a", "61", "61"],
  ["A", "41", "41"],
  ["hello", "68656c6c6f", "68656c6c6f"],
  ["C-BSpace", "", ""],
  ["M-BSpace", "1b7f", "1b7f"],
  ["S-BSpace", "532d425370616365", "532d425370616365"],
  ["C-Enter", "", ""],
  ["M-Enter", "1b0d", "1b0d"],
  ["S-Enter", "532d456e746572", "532d456e746572"],
  ["C-Tab", "", ""],
  ["M-Tab", "1b09", "1b09"],
  ["M-BTab", "1b1b5b5a", "1b1b5b5a"],
  ["C-BTab", "", ""],
  ["M-Escape", "1b1b", "1b1b"],
  ["M-Space", "1b20", "1b20"],
  ["M-a", "1b61", "1b61"],
  ["M-A", "1b41", "1b41"],
  ["M-1", "1b31", "1b31"],
  ["C-M-a", "1b01", "1b01"],
  ["S-Tab", "532d546162", "532d546162"],
  ["0x41", "41", "41"],
  ["0x263a", "e298ba", "e298ba"],
  ["0x1", "01", "01"],
  ["Any", "416e79", "416e79"],
  ["Foo", "466f6f", "466f6f"],
  ["C-", "432d", "432d"],
  ["x-y", "782d79", "782d79"],
  ["M-%", "1b25", "1b25"],
  ["%", "25", "25"],
  ["^", "5e", "5e"],
  ["C-M-Space", "1b00", "1b00"],
  ["M-C-@", "1b00", "1b00"],
  ["C-S-a", "432d532d61", "432d532d61"],
  ["enter", "0d", "0d"],
  ["bspace", "7f", "7f"],
  ["up", "1b5b41", "1b4f41"],
  ["f1", "1b4f50", "1b4f50"],
];

const NORMALIZE_GOLDEN: [name: string, canonical: string][] = [
  ["C-b", "C-b"],
  ["c-b", "C-b"],
  ["C-B", "C-b"],
  ["^B", "C-b"],
  ["^b", "C-b"],
  ["enter", "Enter"],
  ["Enter", "Enter"],
  ["ENTER", "Enter"],
  ["C-m", "Enter"],
  ["C-i", "Tab"],
  ["C-[", "Escape"],
  ["C-M-b", "M-C-b"],
  ["M-C-b", "M-C-b"],
  ["m-c-B", "M-C-b"],
  ["S-Up", "S-Up"],
  ["C-S-Up", "C-S-Up"],
  ["s-up", "S-Up"],
  ["M-Up", "M-Up"],
  ["C-M-Up", "C-M-Up"],
  ["PageUp", "PPage"],
  ["PgUp", "PPage"],
  ["pgdn", "NPage"],
  ["Insert", "IC"],
  ["Delete", "DC"],
  ["DC", "DC"],
  ["IC", "IC"],
  ["Home", "Home"],
  ["end", "End"],
  ["BSpace", "BSpace"],
  ["C-?", "C-?"],
  ["C-Space", "C-Space"],
  ["C-@", "C-Space"],
  ["C-\\", "C-\\"],
  ["C-]", "C-]"],
  ["C-^", "C-^"],
  ["C-_", "C-_"],
  ["M-Space", "M-Space"],
  ["M-Enter", "M-Enter"],
  ["M-BSpace", "M-BSpace"],
  ["F1", "F1"],
  ["f12", "F12"],
  ["S-F5", "S-F5"],
  ["M-F1", "M-F1"],
  ["BTab", "BTab"],
  ["Tab", "Tab"],
  ["C-Tab", "C-Tab"],
  ["Escape", "Escape"],
  ["M-Escape", "M-Escape"],
  ["0x41", "A"],
  ["0x1", "C-a"],
  ["0x263a", "☺"],
  ["é", "é"],
  ["M-é", "M-é"],
  ["C-é", "C-é"],
  ["KP0", "KP0"],
  ["kp0", "KP0"],
  ["KPEnter", "KPEnter"],
  ["KP/", "KP/"],
  ["C-1", "C-1"],
  ["C-!", "C-!"],
  ["M-%", "M-%"],
  ["%", "%"],
  ["\"", "\""],
  ["#", "#"],
  ["\\", "\\"],
  ["{", "{"],
  ["~", "~"],
  ["C-a", "C-a"],
  ["C-z", "C-z"],
  ["Any", "Any"],
  ["MouseDown1Pane", "MouseDown1Pane"],
  ["WheelUpStatus", "WheelUpStatus"],
  ["S-a", "S-a"],
  ["S-A", "S-A"],
  ["C-S-a", "S-C-a"],
  ["M-S-a", "M-S-a"],
  ["C-x", "C-x"],
  ["S-Enter", "S-Enter"],
  ["M-C-S-F12", "C-M-S-F12"],
  ["^", "^"],
  ["M-^", "M-^"],
  ["^M", "Enter"],
  ["C--", "C--"],
  ["M--", "M--"],
];

describe("encodeKey matches tmux 3.3a send-keys", () => {
  for (const [name, normal, app] of ENCODE_GOLDEN) {
    test(name, () => {
      expect(sent(name, NORMAL)).toBe(normal);
      expect(sent(name, APP)).toBe(app);
    });
  }

  test("the sequences the end-to-end test reads back through cat -v", () => {
    expect(encodeKey("C-c", NORMAL)).toEqual(bytes("\x03"));
    expect(encodeKey("BSpace", NORMAL)).toEqual(bytes("\x7f"));
    expect(encodeKey("Up", NORMAL)).toEqual(bytes("\x1b[A"));
    expect(encodeKey("Up", { applicationCursor: true, applicationKeypad: false })).toEqual(bytes("\x1bOA"));
    expect(encodeKey("F1", NORMAL)).toEqual(bytes("\x1bOP"));
    expect(encodeKey("M-x", NORMAL)).toEqual(bytes("\x1bx"));
  });

  test("not a key: null, so send-keys sends the word", () => {
    for (const w of ["hello", "Foo", "S-a", "x-y", "C-", "None", ""]) expect(encodeKey(w, NORMAL)).toBeNull();
  });

  test("keys with nothing to send give an empty array", () => {
    expect(encodeKey("C-1", NORMAL)).toEqual(new Uint8Array(0));
    expect(encodeKey("MouseDown1Pane", NORMAL)).toEqual(new Uint8Array(0));
  });

  test("bracketed paste", () => {
    expect(encodePaste("hi", { ...NORMAL, bracketedPaste: true })).toEqual(bytes("\x1b[200~hi\x1b[201~"));
    expect(encodePaste("hi", NORMAL)).toEqual(bytes("hi"));
  });
});

describe("normalizeKeyName matches tmux 3.3a bind-key/list-keys", () => {
  for (const [name, canonical] of NORMALIZE_GOLDEN) {
    test(name, () => expect(normalizeKeyName(name)).toBe(canonical));
  }
  test("invalid names", () => {
    for (const n of ["None", "X-a", "", "Foo", "C-", "C-M-"]) expect(normalizeKeyName(n)).toBeNull();
  });
  test("mouse keys", () => {
    expect(isMouseKey("MouseDown1Pane")).toBe(true);
    expect(isMouseKey("C-b")).toBe(false);
  });
});

const names = (s: string | Uint8Array) => parseKeys(typeof s === "string" ? bytes(s) : s).map((k) => k.key);

describe("parseKeys", () => {
  test("prefix keys, plain characters and control keys", () => {
    expect(names("\x02%\"ab")).toEqual(["C-b", "%", '"', "a", "b"]);
    expect(names("\r\t \x7f\x00\x08\x1c")).toEqual(["Enter", "Tab", "Space", "BSpace", "C-Space", "C-h", "C-\\"]);
  });

  test("UTF-8 characters come whole", () => {
    const keys = parseKeys(bytes("é日🙂a"));
    expect(keys.map((k) => k.key)).toEqual(["é", "日", "🙂", "a"]);
    expect(keys.map((k) => k.bytes.length)).toEqual([2, 3, 4, 1]);
  });

  test("cursor, function and editing keys in every common encoding", () => {
    expect(names("\x1b[A\x1bOB\x1b[C\x1bOD")).toEqual(["Up", "Down", "Right", "Left"]);
    expect(names("\x1bOP\x1bOQ\x1b[15~\x1b[24~\x1b[[A\x1b[11~")).toEqual(["F1", "F2", "F5", "F12", "F1", "F1"]);
    expect(names("\x1b[H\x1b[F\x1bOH\x1b[1~\x1b[4~\x1b[2~\x1b[3~\x1b[5~\x1b[6~\x1b[Z")).toEqual([
      "Home", "End", "Home", "Home", "End", "IC", "DC", "PPage", "NPage", "BTab",
    ]);
  });

  test("xterm modifiers", () => {
    expect(names("\x1b[1;5A\x1b[1;2B\x1b[1;3C\x1b[1;6D\x1b[1;7A\x1b[1;8A")).toEqual([
      "C-Up", "S-Down", "M-Right", "C-S-Left", "C-M-Up", "C-M-S-Up",
    ]);
    expect(names("\x1b[1;2P\x1b[15;5~\x1b[5;3~\x1b[3;5~\x1bO5P")).toEqual(["S-F1", "C-F5", "M-PPage", "C-DC", "C-F1"]);
  });

  test("the escape prefix is meta", () => {
    expect(names("\x1bx\x1bX\x1b\x02\x1b\x7f\x1b\r\x1bé")).toEqual(["M-x", "M-X", "M-C-b", "M-BSpace", "M-Enter", "M-é"]);
    expect(names("\x1b\x1b[A\x1b\x1b[1;5A")).toEqual(["M-Up", "C-M-Up"]);
    // An xterm key that already carries meta keeps the escape separate.
    expect(names("\x1b\x1b[1;3A")).toEqual(["Escape", "M-Up"]);
  });

  test("a lone ESC at the end is Escape; an unfinished sequence resolves as tmux does on timeout", () => {
    expect(names("a\x1b")).toEqual(["a", "Escape"]);
    expect(names("\x1b\x1b")).toEqual(["M-Escape"]);
    expect(names("\x1b[")).toEqual(["M-["]);
    expect(names("\x1b[1;5")).toEqual(["M-[", "1", ";", "5"]);
    expect(names("\x1bO")).toEqual(["M-O"]);
  });

  test("extended keys (CSI u and CSI 27;m;k ~)", () => {
    expect(names("\x1b[97;5u\x1b[27;5;98~\x1b[13;2u\x1b[49;5u")).toEqual(["C-a", "C-b", "S-Enter", "C-1"]);
  });

  test("unknown sequences are one key named by their bytes", () => {
    const keys = parseKeys(bytes("\x1b[99zq\x1bOzq"));
    expect(keys.map((k) => k.key)).toEqual(["\x1b[99z", "q", "\x1bOz", "q"]);
    expect(keys[0]?.bytes).toEqual(bytes("\x1b[99z"));
    expect(names(new Uint8Array([0xff, 0x41]))).toEqual(["\\377", "A"]);
  });

  test("bracketed paste is one key with all its bytes", () => {
    const input = "x\x1b[200~a\x1b[Ab\r\x1b[201~y";
    const keys = parseKeys(bytes(input));
    expect(keys.map((k) => k.key)).toEqual(["x", "Paste", "y"]);
    expect(keys[1]?.bytes).toEqual(bytes("\x1b[200~a\x1b[Ab\r\x1b[201~"));
    expect(names("\x1b[200~unfinished")).toEqual(["Paste"]);
  });

  test("mouse reports and focus events", () => {
    expect(names("\x1b[<0;3;4M\x1b[<0;3;4m\x1b[M !!\x1b[I\x1b[O")).toEqual(["Mouse", "Mouse", "Mouse", "FocusIn", "FocusOut"]);
  });

  test("the bytes of all keys add up to the input", () => {
    const input = "\x02c\x1b[A\x1bx日\x1b[200~p\x1b[201~\x1b[99z\x1b";
    const keys = parseKeys(bytes(input));
    expect(Buffer.concat(keys.map((k) => k.bytes)).toString()).toBe(input);
  });

  test("encodeKey then parseKeys gives the canonical name back", () => {
    for (const name of ["Enter", "Escape", "Tab", "BTab", "BSpace", "Space", "Up", "C-Up", "M-Up", "S-F1", "F1", "F12",
      "C-c", "M-x", "C-M-x", "C-Space", "Home", "End", "PPage", "NPage", "IC", "DC", "é", "M-é", "C-M-S-Right", "M-BSpace"]) {
      const b = encodeKey(name, NORMAL);
      expect(b).not.toBeNull();
      expect(names(b as Uint8Array)).toEqual([normalizeKeyName(name) as string]);
    }
  });
});

describe("splitKeys keeps an incomplete tail", () => {
  test("ESC, half a sequence, half a character, an unfinished paste", () => {
    for (const [input, done, rest] of [
      ["ab\x1b", ["a", "b"], "\x1b"],
      ["a\x1b[1;5", ["a"], "\x1b[1;5"],
      ["a\x1bO", ["a"], "\x1bO"],
      ["a\x1b[200~xyz", ["a"], "\x1b[200~xyz"],
      ["a\x1b[<0;1", ["a"], "\x1b[<0;1"],
    ] as const) {
      const r = splitKeys(bytes(input));
      expect(r.keys.map((k) => k.key)).toEqual([...done]);
      expect(Buffer.from(r.rest).toString()).toBe(rest);
    }
    const half = bytes("é").subarray(0, 1);
    expect(splitKeys(half).rest).toEqual(half);
  });

  test("feeding the rest back with more input completes the key", () => {
    const a = splitKeys(bytes("x\x1b[1;"));
    const b = splitKeys(new Uint8Array([...a.rest, ...bytes("5Ay")]));
    expect([...a.keys, ...b.keys].map((k) => k.key)).toEqual(["x", "C-Up", "y"]);
  });
});

describe("random input", () => {
  test("never throws, and the keys' bytes always add up to the input", () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const pieces = [[0x1b], [0x5b], [0x4f], [0x3b], [0x31], [0x35], [0x41], [0x7e], [0x75], [0x3c], [0x4d], [0x7f], [0x00],
      [0xc3, 0xa9], [0xc3], [0xe6, 0x97], [0xff], [0x61], [0x32, 0x30, 0x30, 0x7e], [0x32, 0x30, 0x31, 0x7e]];
    for (let i = 0; i < 5000; i++) {
      const input: number[] = [];
      const len = rnd(30);
      for (let j = 0; j < len; j++) input.push(...(pieces[rnd(pieces.length)] as number[]));
      const b = new Uint8Array(input);
      const all = parseKeys(b).flatMap((k) => [...k.bytes]);
      const split = splitKeys(b);
      const some = [...split.keys.flatMap((k) => [...k.bytes]), ...split.rest];
      if (all.length !== b.length || some.length !== b.length) expect({ input, all, some }).toBeNull();
      expect(parseKeys(b).every((k) => k.key.length > 0 && k.bytes.length > 0)).toBe(true);
    }
  });
});
