// What the fuzz tests and scripts/fuzz.ts share: a seeded generator, raw protocol clients on
// the server's socket, hostile inputs for the protocol, the command layer and the pane path.
import { readFileSync } from "node:fs";
import { encodeFrame, encodeJson, FrameReader, FRAME_JSON, PROTOCOL_VERSION, type ServerMessage } from "../../src/mux/client/protocol.ts";
import { COMMANDS } from "../../src/cli/commands/index.ts";

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export class Rng {
  private s: number;
  constructor(readonly seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  bytes(n: number): Uint8Array {
    const b = new Uint8Array(n);
    for (let i = 0; i < n; i++) b[i] = this.int(256);
    return b;
  }
}

// ---- a raw protocol client ---------------------------------------------------------------

export interface RawClient {
  write(b: Uint8Array): void;
  end(): void;
  readonly closed: boolean;
  readonly messages: ServerMessage[];
  /** Bytes of data frames received. */
  readonly dataBytes: number;
  readonly received: number;
}

/** A connection that speaks (or mangles) the protocol by hand. `read: false` never reads. */
export async function rawClient(path: string, opts: { read?: boolean } = {}): Promise<RawClient> {
  const reader = new FrameReader();
  const state = { closed: false, messages: [] as ServerMessage[], dataBytes: 0, received: 0 };
  const sock = await Bun.connect({
    unix: path,
    socket: {
      open: (s) => {
        if (opts.read === false) s.pause();
      },
      data: (_s, b) => {
        state.received += b.length;
        try {
          for (const f of reader.push(b)) {
            if (f.type === FRAME_JSON) state.messages.push(f.message as ServerMessage);
            else state.dataBytes += f.bytes.length;
          }
        } catch {}
      },
      close: () => void (state.closed = true),
      error: () => void (state.closed = true),
    },
  });
  return {
    write: (b) => void sock.write(b),
    end: () => sock.end(),
    get closed() {
      return state.closed;
    },
    get messages() {
      return state.messages;
    },
    get dataBytes() {
      return state.dataBytes;
    },
    get received() {
      return state.received;
    },
  };
}

export const hello = () => encodeJson({ t: "hello", version: PROTOCOL_VERSION });

/** Run one command over the protocol as the CLI would: resolves with its exit code and output. */
export async function runCommand(
  path: string,
  argv: string[],
  ms = 5000,
  env: Record<string, string> = {},
  cwd = "/",
): Promise<{ code: number | null; out: string; err: string; closed: boolean }> {
  const c = await rawClient(path).catch(() => null);
  if (!c) return { code: null, out: "", err: "cannot connect", closed: true };
  c.write(hello());
  c.write(encodeJson({ t: "command", argv, cwd, env }));
  const deadline = performance.now() + ms;
  let stdinEnded = false;
  for (;;) {
    const exit = c.messages.find((m) => m.t === "exit" || m.t === "error");
    if (exit || c.closed) break;
    // A command that reads the client's stdin (display -I, split-window -I) gets an empty one,
    // as the CLI's with stdin on /dev/null.
    if (!stdinEnded && c.messages.some((m) => m.t === "read-stdin")) {
      stdinEnded = true;
      c.write(encodeJson({ t: "input-end" }));
    }
    if (performance.now() > deadline) break;
    await Bun.sleep(2);
  }
  const out = c.messages.flatMap((m) => (m.t === "output" && m.stream === "out" ? [m.text] : [])).join("");
  const err = c.messages.flatMap((m) => (m.t === "output" && m.stream === "err" ? [m.text] : m.t === "error" ? [m.message] : [])).join("");
  const exit = c.messages.find((m) => m.t === "exit") as { code: number } | undefined;
  if (!c.closed) c.end();
  return { code: exit?.code ?? null, out, err, closed: c.closed };
}

// ---- the protocol ------------------------------------------------------------------------

export interface BadConnection {
  what: string;
  chunks: Uint8Array[];
  /** The server must close it (false: it may wait, as for a half-written frame). */
  mustClose: boolean;
}

function u32(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n >>> 0, true);
  return b;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}

const json = (s: string) => encodeFrame(FRAME_JSON, Buffer.from(s, "utf8"));

/** One hostile connection's worth of bytes. */
export function badConnection(rng: Rng): BadConnection {
  const kinds: (() => BadConnection)[] = [
    () => ({ what: "random bytes", chunks: [rng.bytes(rng.range(5, 4096))], mustClose: false }),
    () => ({ what: "absurd length", chunks: [concat(u32(rng.range(16 * 1024 * 1024 + 1, 0xffffffff)), new Uint8Array([rng.pick([1, 2])]))], mustClose: true }),
    () => ({ what: "unknown frame type", chunks: [concat(u32(3), new Uint8Array([rng.pick([0, 3, 7, 255])]), rng.bytes(3))], mustClose: true }),
    () => ({ what: "bad JSON", chunks: [json(Buffer.from(rng.bytes(rng.range(1, 200))).toString("latin1").replace(/^[\s{["0-9tfn-]/, "x"))], mustClose: true }),
    () => ({ what: "JSON not an object", chunks: [json(rng.pick(["1", "null", '"hello"', "[]", "true", '{"t":5}']))], mustClose: true }),
    () => ({ what: "wrong message shape", chunks: [hello(), json(rng.pick(['{"t":"command","argv":5}', '{"t":"command","argv":["ls"],"cwd":1,"env":{}}', '{"t":"resize","cols":-1,"rows":1e9}', '{"t":"resize","cols":"80","rows":24}', '{"t":"bogus"}', '{"t":"command","argv":["ls"],"cwd":"/","env":null}', '{"t":"command","argv":["ls"],"cwd":"/","env":{},"terminal":{"cols":0,"rows":5,"term":"x"}}']))], mustClose: true }),
    () => ({ what: "command before hello", chunks: [encodeJson({ t: "command", argv: ["ls"], cwd: "/", env: {} })], mustClose: true }),
    () => ({ what: "hello twice", chunks: [hello(), hello()], mustClose: true }),
    () => ({ what: "wrong version", chunks: [encodeJson({ t: "hello", version: rng.pick([0, -1, 2 ** 31, 1.5, 99]) })], mustClose: true }),
    () => ({ what: "input before attach", chunks: [hello(), encodeFrame(2, rng.bytes(rng.range(0, 100)))], mustClose: true }),
    () => {
      const frame = encodeJson({ t: "hello", version: PROTOCOL_VERSION });
      return { what: "half-written frame", chunks: [frame.subarray(0, rng.range(1, frame.length - 1))], mustClose: false };
    },
    () => ({ what: "length promises more than comes", chunks: [concat(u32(rng.range(100, 16 * 1024 * 1024)), new Uint8Array([1]), rng.bytes(rng.range(0, 50)))], mustClose: false }),
    () => ({ what: "byte at a time", chunks: [...[...hello()].map((b) => new Uint8Array([b])), json("{oops")], mustClose: true }),
    () => ({ what: "empty frame", chunks: [concat(u32(0), new Uint8Array([1]))], mustClose: true }),
    () => ({ what: "deep JSON", chunks: [json("[".repeat(100_000) + "]".repeat(100_000))], mustClose: true }),
    () => ({ what: "nothing", chunks: [], mustClose: false }),
  ];
  return rng.pick(kinds)();
}

// ---- the command layer -------------------------------------------------------------------

const WORDS = [
  "", "-", "--", ";", "\\;", "0", "1", "-1", "99999999999", "1e309", "NaN", "%0", "%999", "@0", "$0", "@", "%", "$",
  "fz", "fz:", "fz:0", "fz:0.0", "fz:.1", ":", ".", "!", "^", "+", "-", "{last}", "{top}", "=fz", "*", "[", "f?", "~",
  "#{session_name}", "#{", "#{?", "#{?a,b", "#{=5:session_name}", "#{s/a/b/:session_name}", "#{E:", "#(echo hi)",
  "#[fg=red]", "#{l:#{}}", "#{pane_id", "##", "#", "%%", "\x00", "\x1b[2J", "é", "😀", "a".repeat(5000),
  "C-b", "Enter", "M-x", "F13", "Any", "true", "off", "on", "status", "history-limit", "-1000000", "mouse", "prefix",
  "../../..", "/nonexistent", "/dev/null", "x=y", "=", "vi", "emacs", "even-horizontal", "tiled",
];

/** Spared: kill-server ends the fuzz run; attach waits for a terminal; wait-for and wait block by design. */
const SPARED = new Set(["kill-server", "attach-session", "command-prompt", "detach-client", "wait-for", "wait"]);

/** Commands the fuzzer runs: all but the ones that end the server or wait for a terminal. */
export const FUZZ_COMMANDS = COMMANDS.filter((c) => !SPARED.has(c.name));

/** A random argv for a command: flags from its template and the word list, random positionals. */
export function randomArgv(rng: Rng, name?: string): string[] {
  const entry = name ? FUZZ_COMMANDS.find((c) => c.name === name)! : rng.pick(FUZZ_COMMANDS);
  const argv: string[] = [rng.chance(0.1) && entry.alias?.length ? rng.pick(entry.alias) : entry.name];
  const flags = [...entry.args.replace(/:/g, "")];
  const word = () => (rng.chance(0.15) ? Buffer.from(rng.bytes(rng.range(0, 12))).toString("latin1") : rng.pick(WORDS));
  const n = rng.int(5);
  for (let i = 0; i < n; i++) {
    const f = flags.length && rng.chance(0.85) ? rng.pick(flags) : String.fromCharCode(rng.range(33, 126));
    argv.push(`-${f}`);
    if (entry.args.includes(`${f}:`) || rng.chance(0.2)) argv.push(word());
  }
  const pos = rng.int(4);
  for (let i = 0; i < pos; i++) argv.push(word());
  return argv;
}

/** A random format string, tmux's syntax mangled. */
export function randomFormat(rng: Rng): string {
  const parts = ["#{", "}", "#{?", ",", "#{session_name}", "#{pane_id}", "#{window_index}", "#{=", "#{s/", "/", ":", "#{l:", "#{E:", "#{T:", "#{==:", "#{||:", "#{&&:", "#{m:", "#{C:", "#{b:", "#{d:", "#{t:", "#{q:", "#{n:", "#{e|+|:", "#{e|/|:", "0", "-5", "99999999", "#[", "]", "##", "#,", "#}", "x", "é", "\\", "#{@", "#{pane_", "#{window_name}", "#{client_"];
  let s = "";
  const n = rng.range(1, 30);
  for (let i = 0; i < n; i++) s += rng.pick(parts);
  return s;
}

/** Run argv; return what was wrong with how it ended, or null. */
export async function judge(path: string, argv: string[], cwd: string): Promise<string | null> {
  const r = await runCommand(path, argv, 5000, { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: cwd }, cwd);
  if (r.code === null) return r.closed ? "connection closed without an exit code" : "no answer within 5 s (hung)";
  if (r.err.includes("internal error")) return r.err.trim();
  if (r.code !== 0) {
    const lines = r.err.trimEnd().split("\n");
    // One line, or tmux's two: the mistake and the usage; source-file says it for each path, as tmux.
    const perPath = lines.every((l) => l.endsWith(": No such file or directory"));
    if (!perPath && (lines.length > 2 || (lines.length === 2 && !lines[1]!.startsWith("usage:")))) return `error of ${lines.length} lines: ${r.err.slice(0, 200)}`;
    // run-shell exits with its command's status and says so on stdout ('cmd' returned 127).
    if (lines[0] === "" && !/ returned \d+$/.test(r.out.trim())) return `exit ${r.code} without a message`;
  }
  return null;
}

// ---- the pane path -----------------------------------------------------------------------

/**
 * A program for a pane that writes hostile output for `seconds`, seeded: random bytes,
 * truncated and oversized sequences (a CSI of 10,000 parameters, an OSC of 10 MB, an
 * unterminated DCS), invalid UTF-8 and rapid mode switches. Run by the `bun` under test.
 */
export function hostileProgram(seed: number, seconds: number, only?: number): string {
  return `
const rng = (() => { let s = ${seed >>> 0}; return () => { let t = (s = (s + 0x6d2b79f5) >>> 0); t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }; })();
const int = (n) => Math.floor(rng() * n);
const enc = (s) => Buffer.from(s, "latin1");
const bytes = (n) => { const b = Buffer.alloc(n); for (let i = 0; i < n; i++) b[i] = int(256); return b; };
const modes = [1, 3, 5, 6, 7, 12, 25, 47, 1000, 1002, 1003, 1004, 1005, 1006, 1015, 1047, 1048, 1049, 2004, 2026, 69, 2027];
const gens = [
  () => bytes(1 + int(8192)),
  () => enc("\\x1b[" + Array.from({ length: 10000 }, () => int(100000)).join(";") + "m"),
  () => enc("\\x1b[" + ";".repeat(10000) + "H"),
  () => enc("\\x1b]0;" + "A".repeat(10 * 1024 * 1024) + "\\x07"),
  () => enc("\\x1b]8;;" + "x".repeat(1024 * 1024)),
  () => enc("\\x1bP" + "q".repeat(1 + int(2 * 1024 * 1024))),
  () => enc("\\x1b_" + "z".repeat(100000)),
  () => Buffer.from([0xc0, 0x80, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80, 0xfe, 0xff, 0xe2, 0x82, 0xf0, 0x9f, 0x98]),
  () => enc(Array.from({ length: 200 }, () => "\\x1b[?" + modes[int(modes.length)] + (int(2) ? "h" : "l")).join("")),
  () => enc("\\x1b[" + int(100000) + ";" + int(100000) + "H\\x1b[" + int(100000) + "@\\x1b[" + int(100000) + "L\\x1b[" + int(100000) + "b"),
  () => enc("\\x1b[" + int(100) + ";" + int(100) + "r\\x1b#8\\x1bc\\x1b[!p\\x1b[?3h\\x1b[8;" + int(9999) + ";" + int(9999) + "t"),
  () => enc("\\x1b[6n\\x1b[c\\x1b[>c\\x1b[?2026$p\\x1b[18t\\x1b]10;?\\x07\\x1bP$qm\\x1b\\\\"),
  () => enc("\\x1b"), () => enc("\\x1b["), () => enc("\\x1b]"), () => enc("\\x9b1;2"), () => enc("\\x90"),
  () => Buffer.from("漢字😀e\\u0301\\u200d👩‍👩‍👧‍👦".repeat(1 + int(500))),
];
const end = Date.now() + ${Math.round(seconds * 1000)};
while (Date.now() < end) {
  const b = gens[${only === undefined ? "int(gens.length)" : only}]();
  try { require("fs").writeSync(1, b); } catch (e) { if (e.code !== "EAGAIN") throw e; }
}
process.stdout.write("\\x1bc\\x1b[0mFUZZ-DONE\\r\\n");
`;
}

// ---- the server process ------------------------------------------------------------------

export function rssKiBOf(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export function fdCountOf(pid: number): number {
  try {
    return require("node:fs").readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return -1;
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z");
  } catch {
    return false;
  }
}
