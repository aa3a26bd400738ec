// Copy-mode cases for the goldens: a pane of known content (40x10), the mode keys, and the
// send-keys arguments run in copy mode; what tmux 3.3a then reported (the cursor, the selection,
// the search, the word and line, the newest buffer) is in goldens/copy-mode.golden, recorded by
// scripts/goldens/copy-mode.ts. The same driver runs them against weft in copy-mode-goldens.test.ts.

export interface CopyCase {
  name: string;
  /** A shell command whose output fills the pane (then `cat` waits). */
  content: string;
  keys: "vi" | "emacs";
  /** Each entry: the arguments of one `send-keys -t PANE ...`. */
  sends: string[][];
}

const TEXT = String.raw`printf 'one two three\nfour-five six.seven\n\n  indented (a [b] {c}) end\nlast line here\n'`;
const PARAS = String.raw`printf 'p1a\np1b\n\np2a x\np2b\n\n\np3\n'`;
const SEPS = String.raw`printf 'foo.bar/baz qux::quux  a-b\n(x (y) z) [q]\n'`;
const HISTORY = String.raw`i=1; while [ $i -le 30 ]; do echo line-$i; i=$((i+1)); done`;
const WRAP = String.raw`printf 'aaaa bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb cc\nxy\n'`;
const SEARCH = String.raw`printf 'ab cd ab\nef ab gh\n'`;

const X = (...a: string[]) => ["-X", ...a];
const top = X("history-top");

/** Each content with both key sets and the same commands. */
function both(name: string, content: string, sends: string[][]): CopyCase[] {
  return [
    { name: `${name} (vi)`, content, keys: "vi", sends },
    { name: `${name} (emacs)`, content, keys: "emacs", sends },
  ];
}

export const CASES: CopyCase[] = [
  ...both("entered: the cursor and the line", TEXT, []),
  ...both("unknown command and wrong argument counts are ignored", TEXT, [top, X("bogus"), X("cursor-down", "x"), X("goto-line"), X("jump-forward"), X("next-word")]),
  ...both("next-space", SEPS, [top, X("next-space"), X("next-space")]),
  ...both("next-word", SEPS, [top, X("next-word"), X("next-word")]),
  ...both("next-space-end", SEPS, [top, X("next-space-end"), X("next-space-end")]),
  ...both("previous-space", SEPS, [top, X("end-of-line"), X("previous-space"), X("previous-space")]),
  ...both("next-space with a count", SEPS, [top, ["-N", "3", "-X", "next-space"]]),
  ...both("next-paragraph", PARAS, [top, X("next-paragraph")]),
  ...both("next-paragraph twice", PARAS, [top, X("next-paragraph"), X("next-paragraph")]),
  ...both("previous-paragraph", PARAS, [X("previous-paragraph"), X("previous-paragraph")]),
  ...both("next-matching-bracket on an opener", TEXT, [top, X("cursor-down"), X("cursor-down"), X("cursor-down"), X("jump-forward", "("), X("next-matching-bracket")]),
  ...both("next-matching-bracket before a bracket", TEXT, [top, X("cursor-down"), X("cursor-down"), X("cursor-down"), X("next-matching-bracket")]),
  ...both("previous-matching-bracket on a closer", TEXT, [top, X("cursor-down"), X("cursor-down"), X("cursor-down"), X("jump-forward", "}"), X("previous-matching-bracket")]),
  ...both("next-matching-bracket nested", SEPS, [top, X("cursor-down"), X("next-matching-bracket")]),
  ...both("next-matching-bracket on a closer", SEPS, [top, X("cursor-down"), X("jump-forward", ")"), X("next-matching-bracket")]),
  ...both("set-mark and jump-to-mark", TEXT, [top, X("next-word"), X("set-mark"), X("cursor-down"), X("cursor-down"), X("jump-to-mark")]),
  ...both("jump-to-mark twice comes back", TEXT, [top, X("set-mark"), X("cursor-down"), X("next-word"), X("jump-to-mark"), X("jump-to-mark")]),
  ...both("jump-to-mark without a mark: where copy mode began", HISTORY, [top, X("jump-to-mark")]),
  ...both("a selection", TEXT, [top, X("begin-selection"), X("next-word"), X("cursor-down")]),
  ...both("stop-selection", TEXT, [top, X("begin-selection"), X("next-word"), X("stop-selection"), X("cursor-down"), X("next-word")]),
  ...both("stop-selection then copy", TEXT, [top, X("begin-selection"), X("next-word"), X("stop-selection"), X("cursor-down"), X("copy-selection")]),
  ...both("other-end", TEXT, [top, X("next-word"), X("begin-selection"), X("cursor-down"), X("other-end")]),
  ...both("other-end then move", TEXT, [top, X("next-word"), X("begin-selection"), X("cursor-down"), X("other-end"), X("cursor-left")]),
  ...both("other-end after stop-selection", TEXT, [top, X("begin-selection"), X("next-word"), X("stop-selection"), X("cursor-down"), X("other-end")]),
  ...both("append-selection", TEXT, [top, X("copy-line"), X("cursor-down"), X("begin-selection"), X("next-word"), X("append-selection")]),
  ...both("append-selection-and-cancel", TEXT, [top, X("copy-line"), X("begin-selection"), X("next-word"), X("append-selection-and-cancel")]),
  ...both("append-selection without a buffer", TEXT, [top, X("begin-selection"), X("next-word"), X("append-selection")]),
  ...both("copy-selection with a prefix", TEXT, [top, X("begin-selection"), X("next-word"), X("copy-selection", "pre")]),
  ...both("copy-selection-no-clear", TEXT, [top, X("begin-selection"), X("next-word"), X("copy-selection-no-clear")]),
  ...both("copy-pipe-no-clear", TEXT, [top, X("begin-selection"), X("next-word"), X("copy-pipe-no-clear", "cat >/dev/null")]),
  ...both("copy-pipe with a prefix", TEXT, [top, X("begin-selection"), X("next-word"), X("copy-pipe", "cat >/dev/null", "cp")]),
  ...both("copy-pipe-line", TEXT, [top, X("next-word"), X("copy-pipe-line", "cat >/dev/null")]),
  ...both("copy-pipe-line with a count", TEXT, [top, X("next-word"), ["-N", "2", "-X", "copy-pipe-line", "true"]]),
  ...both("copy-line with a count", TEXT, [top, ["-N", "3", "-X", "copy-line"]]),
  ...both("copy-pipe-end-of-line", TEXT, [top, X("next-word"), X("copy-pipe-end-of-line", "cat >/dev/null")]),
  ...both("copy-pipe-end-of-line-and-cancel", TEXT, [top, X("next-word"), X("copy-pipe-end-of-line-and-cancel")]),
  ...both("copy-pipe-line-and-cancel", TEXT, [top, X("cursor-down"), X("copy-pipe-line-and-cancel")]),
  ...both("pipe makes no buffer", TEXT, [top, X("begin-selection"), X("next-word"), X("pipe", "cat >/dev/null")]),
  ...both("pipe-no-clear keeps the selection", TEXT, [top, X("begin-selection"), X("next-word"), X("pipe-no-clear", "cat >/dev/null")]),
  ...both("pipe-and-cancel", TEXT, [top, X("begin-selection"), X("next-word"), X("pipe-and-cancel", "cat >/dev/null")]),
  ...both("cursor-down-and-cancel in the view", HISTORY, [top, X("cursor-down-and-cancel")]),
  ...both("cursor-down-and-cancel at the bottom", TEXT, [X("cursor-down-and-cancel")]),
  ...both("halfpage-down-and-cancel", HISTORY, [X("halfpage-up"), X("halfpage-down-and-cancel")]),
  ...both("halfpage-down-and-cancel short of the bottom", HISTORY, [X("page-up"), X("page-up"), X("halfpage-down-and-cancel")]),
  ...both("toggle-position", TEXT, [top, X("toggle-position")]),
  ...both("toggle-position twice", TEXT, [top, X("toggle-position"), X("toggle-position")]),
  ...both("refresh-from-pane clears the selection", TEXT, [top, X("begin-selection"), X("next-word"), X("refresh-from-pane")]),
  ...both("scroll_position and the top line", HISTORY, [X("page-up")]),
  ...both("rectangle_toggle", TEXT, [top, X("begin-selection"), X("rectangle-toggle"), X("cursor-down"), X("next-word")]),
  ...both("select-line", TEXT, [top, X("cursor-down"), X("select-line")]),
  ...both("select-line with a count", TEXT, [top, ["-N", "2", "-X", "select-line"]]),
  ...both("select-word", SEPS, [top, X("next-word"), X("select-word")]),
  ...both("search: present, match, count", SEARCH, [top, X("search-forward", "ab")]),
  ...both("search then a move", SEARCH, [top, X("search-forward", "ab"), X("cursor-down")]),
  ...both("search then begin-selection", SEARCH, [top, X("search-forward", "ab"), X("begin-selection")]),
  ...both("search match one cell after", SEARCH, [top, X("search-forward", "ab"), X("cursor-right"), X("cursor-right")]),
  ...both("search not found", SEARCH, [top, X("search-forward", "zz")]),
  ...both("copy with no selection copies the match", SEARCH, [top, X("search-forward", "cd"), X("copy-selection")]),
  ...both("search -F expands the text", SEARCH, [top, ["-F", "-X", "search-forward", "#{copy_cursor_word}"]]),
  ...both("the word on a separator", SEPS, [top, X("jump-forward", "/")]),
  ...both("the word at the line's end", SEPS, [top, X("end-of-line")]),
  ...both("the word on the first row under the indicator", WRAP, [top, X("end-of-line")]),
  ...both("the word on a wrapped row", WRAP, [top, X("cursor-down")]),
  // Keys sent to copy mode run the mode's bindings.
  { name: "vi keys W B E", content: SEPS, keys: "vi", sends: [top, ["W"], ["W"], ["E"], ["B"]] },
  { name: "vi keys } {", content: PARAS, keys: "vi", sends: [top, ["}"], ["}"], ["{"]] },
  { name: "vi key %", content: SEPS, keys: "vi", sends: [top, X("cursor-down"), ["%"]] },
  { name: "vi key * searches for the word", content: SEARCH, keys: "vi", sends: [top, ["*"]] },
  { name: "vi key # searches back for the word", content: SEARCH, keys: "vi", sends: [top, X("cursor-down"), X("next-word"), ["#"]] },
  { name: "vi keys X and M-x", content: TEXT, keys: "vi", sends: [top, ["X"], ["j"], ["w"], ["M-x"]] },
  { name: "vi key A appends and leaves", content: TEXT, keys: "vi", sends: [top, X("copy-line"), ["v"], ["w"], ["A"]] },
  { name: "vi key D copies to the end of line", content: TEXT, keys: "vi", sends: [top, ["w"], ["D"]] },
  { name: "emacs keys M-} M-{", content: PARAS, keys: "emacs", sends: [top, ["M-}"], ["M-}"], ["M-{"]] },
  { name: "emacs keys C-M-f C-M-b", content: TEXT, keys: "emacs", sends: [top, ["C-n"], ["C-n"], ["C-n"], X("jump-forward", "("), ["C-M-f"], ["C-M-b"]] },
  { name: "emacs keys X M-x", content: TEXT, keys: "emacs", sends: [top, ["X"], ["C-n"], ["M-x"]] },
  { name: "emacs key C-k", content: TEXT, keys: "emacs", sends: [top, ["M-f"], ["C-k"]] },
];

/** What is shown after a case's commands: the mode, then copy mode's variables. */
export const REPORT = [
  "pane_in_mode",
  "copy_cursor_x",
  "copy_cursor_y",
  "scroll_position",
  "rectangle_toggle",
  "selection_present",
  "selection_start_x",
  "selection_start_y",
  "selection_end_x",
  "selection_end_y",
  "selection_active",
  "search_present",
  "search_match",
  "copy_cursor_word",
  "copy_cursor_line",
].map((v) => `${v}=#{${v}}`).join("\x1f");

/** Runs one weft or tmux command line (-L and -f already given); resolves to its stdout, failing on an error. */
export type Run = (args: string[]) => Promise<string>;

export interface CaseResult {
  name: string;
  /** The pane's text (history included) before copy mode, to know it was all there. */
  capture: string;
  /** REPORT's values, one "name=value" an entry. */
  report: string[];
  /** Every buffer, newest first: name and text. */
  buffers: [string, string][];
}

/**
 * Run one case on a server that `run` talks to: a session of its own, copy mode, the sends,
 * the report; then the session and every buffer go. `settled` waits for the content.
 */
export async function runCase(run: Run, c: CopyCase, session: string, settled: (capture: () => Promise<string>) => Promise<string>): Promise<CaseResult> {
  await run(["new-session", "-d", "-s", session, "-x", "40", "-y", "10", `${c.content}; exec cat`]);
  const capture = await settled(() => run(["capture-pane", "-p", "-S", "-", "-t", session]));
  const chain: string[] = ["set", "-g", "mode-keys", c.keys, ";", "copy-mode", "-t", session];
  for (const s of c.sends) chain.push(";", "send-keys", "-t", session, ...s);
  const out = await run(chain);
  if (out !== "") throw new Error(`${c.name}: the commands printed ${JSON.stringify(out)}`);
  const report = (await run(["display", "-p", "-t", session, REPORT])).replace(/\n$/, "").split("\x1f");
  const listed = (await run(["list-buffers", "-F", "#{buffer_name} #{buffer_size}"])).split("\n").filter(Boolean);
  const names = listed.map((l) => l.split(" ")[0] ?? "");
  const buffers: [string, string][] = [];
  for (const l of listed) {
    // show-buffer's text, up to the size list-buffers gave.
    const [name = "", size = "0"] = l.split(" ");
    const shown = Buffer.from(await run(["show-buffer", "-b", name]));
    buffers.push([name, shown.subarray(0, Number(size)).toString()]);
  }
  for (const b of names) await run(["delete-buffer", "-b", b]);
  await run(["kill-session", "-t", session]);
  return { name: c.name, capture, report, buffers };
}
