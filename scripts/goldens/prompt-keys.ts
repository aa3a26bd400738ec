// Records what tmux 3.3a's status prompt shows after each case's keys, for
// test/mux/client/goldens/prompt-keys.json: an outer tmux runs a client of the tmux under test
// (escape-time 0), send-keys types into it, and the last line of capture-pane -e gives the
// prompt's text, the reversed cell (the cursor) and whether message-command-style is on.
// Run: ./node_modules/.bin/bun scripts/goldens/prompt-keys.ts
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";

const OUT = "test/mux/client/goldens/prompt-keys.json";
const ENV = { ...process.env, TZ: "UTC", LC_ALL: "C.UTF-8", TERM: "xterm-256color" };
/** The top paste buffer C-y inserts when nothing was cut (up to its first control character). */
const BUFFER = "yank\tafter-tab";

/** Keys as send-keys takes them; a {text} is typed literally (send-keys -l). */
export type CaseKey = string | { text: string };
export interface PromptCase {
  keys: "emacs" | "vi";
  press: CaseKey[];
}

const T = (text: string) => ({ text });
const LINE = T("foo-bar baz.qux  end");
const CASES: PromptCase[] = [
  // emacs
  ...[
    [LINE],
    [LINE, "C-w"],
    [LINE, "C-w", "C-w", "C-w"],
    [LINE, "C-w", "C-a", "C-y"],
    [LINE, "C-y"],
    [LINE, "C-a", "C-w", "C-y"],
    [LINE, "M-b"],
    [LINE, "M-b", "M-b", "M-b"],
    [LINE, "C-a", "M-f"],
    [LINE, "C-a", "M-f", "M-f", "M-f", "M-f"],
    [LINE, "C-Left", "C-Left"],
    [LINE, "C-a", "C-Right", "C-Right"],
    [T("abcd"), "C-t"],
    [T("abcd"), "C-a", "C-t"],
    [T("abcd"), "Left", "Left", "C-t"],
    [T("abcd"), "Left", "Left", "C-u"],
    [T("abcd"), "Left", "Left", "C-k"],
    [T("abcd"), "Left", "Left", "M-BSpace"],
    [T("abcd"), "C-v", T("x")],
    [T("abcd"), "M-x", "Home", "DC", "End", "BSpace"],
    [T("abcd"), "C-b", "C-b", "C-d", "C-h", "C-f", "C-e"],
    [T("ab cd"), "Home", "Right", "Right", "Right", T("x"), "End", T("é")],
    [T("tab"), "Tab"],
    [T("a b"), "C-a", "C-w", "C-y"],
    [T("x  "), "C-w"],
    [T("()) x"), "M-b", "M-b"],
    [T("a::b"), "C-a", "M-f"],
  ].map((press) => ({ keys: "emacs" as const, press })),
  // vi
  ...[
    [LINE],
    [LINE, "Escape"],
    [LINE, "Escape", "0", "w", "w", "w"],
    [LINE, "Escape", "0", "W", "W"],
    [LINE, "Escape", "0", "e", "e", "e"],
    [LINE, "Escape", "0", "E", "E"],
    [LINE, "Escape", "b", "b", "b"],
    [LINE, "Escape", "B", "B"],
    [LINE, "Escape", "h", "h", "x", "X"],
    [LINE, "Escape", "h", "h", "D"],
    [LINE, "Escape", "h", "h", "C", T("z")],
    [LINE, "Escape", "h", "h", "s", T("z")],
    [LINE, "Escape", "0", "a", T("z")],
    [LINE, "Escape", "0", "A", T("z")],
    [LINE, "Escape", "$", "I", T("z")],
    [LINE, "Escape", "^", "l", "l"],
    [LINE, "Escape", "S", T("z")],
    [LINE, "Escape", "d"],
    [LINE, "Escape", "h", "i", T("z")],
    [LINE, "Escape", "h", "Escape", T("z")],
    [LINE, "C-w", "Escape", "p"],
    [LINE, "Escape", "BSpace", "BSpace", "~", "c", "r", T("y")],
    [LINE, "Escape", "Left", "Left", "Right", "DC", "C-h"],
    [T("foo"), "C-b", "C-f", "C-d", "M-f", "C-a", T("x")],
    [T("foo bar"), "C-a", "C-w", "C-e", "C-y"],
    [T("foo bar"), "C-a", "C-t", "C-k"],
    [T("foo bar"), "Escape", "0", "e", "e", "e", "e"],
    [T("foo bar"), "Escape", "0", "w", "w", "w"],
    [T("foo bar"), "Escape", "0", "C-u"],
  ].map((press) => ({ keys: "vi" as const, press })),
];

function run(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { env: ENV, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")}: ${r.stderr}`);
  return r.stdout;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The prompt line as the golden keeps it: its text, the reversed cell's column, command-style. */
export interface PromptShown {
  text: string;
  cursor: number;
  command: boolean;
}

/** capture-pane -e's last line: SGR runs dropped, the cell drawn in reverse found. */
function parseLine(line: string): PromptShown {
  let text = "";
  let cursor = -1;
  let reverse = false;
  const command = line.startsWith("\x1b[33m\x1b[40m");
  for (let i = 0; i < line.length; ) {
    const m = /^\x1b\[([0-9;]*)m/.exec(line.slice(i));
    if (m) {
      const codes = (m[1] ?? "").split(";");
      if (codes.includes("7")) reverse = true;
      if (codes.includes("0") || m[1] === "") reverse = false;
      i += m[0].length;
      continue;
    }
    const ch = String.fromCodePoint(line.codePointAt(i) ?? 0);
    if (reverse && cursor === -1) cursor = [...text].length;
    text += ch;
    i += ch.length;
  }
  return { text: text.replace(/ +$/, ""), cursor, command };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "prompt-keys-"));
  const conf = join(dir, "conf");
  writeFileSync(conf, "set -g escape-time 0\nset -g status off\n");
  const outer = ["-L", `pkouter${process.pid}`, "-f", "/dev/null"];
  const inner = `pkinner${process.pid}`;
  run("tmux", [...outer, "new", "-d", "-x", "80", "-y", "10", `tmux -L ${inner} -f ${conf} new`]);
  const send = (...args: string[]) => run("tmux", [...outer, "send-keys", ...args]);
  const last = () => (run("tmux", [...outer, "capture-pane", "-p", "-e"]).replace(/\n+$/, "").split("\n").pop() ?? "");
  try {
    await sleep(1000);
    run("tmux", ["-L", inner, "set-buffer", BUFFER]);
    const golden: (PromptCase & { shown: PromptShown })[] = [];
    for (const c of CASES) {
      run("tmux", ["-L", inner, "set", "-g", "status-keys", c.keys]);
      send("C-b", ":");
      await sleep(150);
      for (const k of c.press) {
        if (typeof k === "string") send(k);
        else send("-l", k.text);
        await sleep(60);
      }
      await sleep(250);
      golden.push({ ...c, shown: parseLine(last()) });
      send("C-c");
      await sleep(150);
    }
    writeFileSync(OUT, `${JSON.stringify({ buffer: BUFFER, cases: golden }, null, 1)}\n`);
    console.log(`wrote ${OUT} (${golden.length} cases)`);
  } finally {
    spawnSync("tmux", ["-L", inner, "kill-server"]);
    spawnSync("tmux", [...outer, "kill-server"]);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
