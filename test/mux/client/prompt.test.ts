// The status prompt's editor against tmux 3.3a: every case of goldens/prompt-keys.json
// (recorded by scripts/goldens/prompt-keys.ts) typed into a Prompt and drawn by drawPrompt, in
// both status-keys; then -1, -k, -N, history, and Tab's completion and menu through the env.
import { test, expect, describe } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Confirm, Prompt, type PromptEnv } from "../../../src/mux/client/prompt.ts";
import type { CompletionSource } from "../../../src/mux/client/prompt-complete.ts";
import { drawPrompt } from "../../../src/mux/client/status.ts";
import { DEFAULT_BASE, ATTR } from "../../../src/mux/model/style.ts";
import { HistoryCursor, PromptHistory } from "../../../src/mux/model/prompt-history.ts";

type CaseKey = string | { text: string };
interface GoldenCase {
  keys: "emacs" | "vi";
  press: CaseKey[];
  shown: { text: string; cursor: number; command: boolean };
}
const golden = JSON.parse(readFileSync(join(import.meta.dir, "goldens", "prompt-keys.json"), "utf8")) as { buffer: string; cases: GoldenCase[] };

const NO_SOURCE: CompletionSource = {
  commands: () => [],
  commandAliases: () => [],
  optionNames: () => [],
  sessions: () => [],
  windows: () => undefined,
  currentSession: () => "",
};

function env(keys: string, over: Partial<PromptEnv> = {}): PromptEnv {
  return {
    statusKeys: () => keys,
    wordSeparators: () => "!\"#$%&'()*+,-./:;<=>?@[\\]^`{|}~",
    topBuffer: () => golden.buffer,
    completion: NO_SOURCE,
    menuRows: () => 20,
    openMenu: () => false,
    ...over,
  };
}

/** A key as the client's input names it, with the bytes it came as (non-printable ones carry an ESC so they never type). */
function press(p: Prompt, key: string): void {
  const single = [...key].length === 1;
  p.key(key === " " ? "Space" : key, new TextEncoder().encode(single ? key : `\x1b${key}`));
}

function pressAll(p: Prompt, keys: CaseKey[]): void {
  for (const k of keys) {
    if (typeof k === "string") press(p, k);
    else for (const ch of k.text) press(p, ch);
  }
}

/** What the status line shows: text with trailing blanks trimmed, the reversed cell's column. */
function shown(p: Prompt): { text: string; cursor: number; command: boolean } {
  const cells = drawPrompt(p.line(), 80, DEFAULT_BASE);
  return {
    text: cells.map((c) => c.text).join("").replace(/ +$/, ""),
    cursor: cells.findIndex((c) => c.attr & ATTR.reverse),
    command: p.line().command === true,
  };
}

describe("keys as tmux 3.3a's status_prompt_key", () => {
  for (const c of golden.cases) {
    const name = `${c.keys}: ${c.press.map((k) => (typeof k === "string" ? k : JSON.stringify(k.text))).join(" ")}`;
    test(name, () => {
      const p = new Prompt(":", "", () => {});
      p.attach(env(c.keys));
      pressAll(p, c.press);
      expect(shown(p)).toEqual(c.shown);
    });
  }
});

describe("ending a prompt", () => {
  const ended = (keys: string, kind = {}, initial = "") => {
    const got: (string | null)[] = [];
    const p = new Prompt(":", initial, (t) => void got.push(t), kind);
    p.attach(env(keys));
    return { p, got };
  };

  test("Enter, C-j answer; Escape, C-c, C-g cancel (emacs)", () => {
    for (const [key, want] of [["Enter", "ab"], ["C-j", "ab"], ["Escape", null], ["C-c", null], ["C-g", null]] as const) {
      const { p, got } = ended("emacs", {}, "ab");
      press(p, key);
      expect(got).toEqual([want]);
    }
  });

  test("vi: Escape goes to command mode and back; q, C-c cancel there; Enter answers in both modes", () => {
    const { p, got } = ended("vi", {}, "ab");
    press(p, "Escape");
    expect(got).toEqual([]);
    expect(p.line().command).toBe(true);
    press(p, "Escape");
    expect(p.line().command).toBeUndefined();
    press(p, "Escape");
    press(p, "q");
    expect(got).toEqual([null]);
    const e = ended("vi", {}, "xy");
    press(e.p, "Escape");
    press(e.p, "Enter");
    expect(e.got).toEqual(["xy"]);
  });

  test("-1: a character answers; editing keys still edit; Enter answers with what is there", () => {
    const a = ended("emacs", { single: true });
    press(a.p, "Left");
    expect(a.got).toEqual([]);
    press(a.p, "x");
    expect(a.got).toEqual(["x"]);
    const b = ended("emacs", { single: true });
    press(b.p, "Enter");
    expect(b.got).toEqual([""]);
    // With text already there the character makes two: tmux closes the prompt without an answer.
    const c = ended("emacs", { single: true }, "a");
    press(c.p, "b");
    expect(c.got).toEqual([null]);
  });

  test("-k: the first key's name answers", () => {
    for (const key of ["Left", "M-x", "Enter", "a"]) {
      const { p, got } = ended("emacs", { key: true });
      press(p, key);
      expect(got).toEqual([key]);
    }
  });

  test("-N: digits type, another key answers and is not taken", () => {
    const got: (string | null)[] = [];
    const p = new Prompt("(repeat) ", "1", (t) => void got.push(t), { numeric: true });
    press(p, "2");
    expect(p.key("j", new TextEncoder().encode("j"))).toBe(false);
    expect(got).toEqual(["12"]);
  });

  test("Up and Down walk the history, C-p and C-n too; Enter adds to it", () => {
    const store = new PromptHistory();
    store.add("command", "old", 100);
    store.add("command", "new", 100);
    const p = new Prompt(":", "typed", () => {});
    p.history = { cursor: new HistoryCursor(store, "command"), add: (l) => store.add("command", l, 100) };
    press(p, "Up");
    expect(p.line().buffer).toBe("new");
    press(p, "C-p");
    expect(p.line().buffer).toBe("old");
    press(p, "Up");
    expect(p.line().buffer).toBe("old");
    press(p, "C-n");
    expect(p.line().buffer).toBe("new");
    press(p, "Down");
    expect(p.line()).toEqual({ prompt: ":", buffer: "", index: 0 });
    pressAll(p, [{ text: "third" }, "Enter"]);
    expect(store.lines("command")).toEqual(["old", "new", "third"]);
  });
});

describe("Tab", () => {
  const source: CompletionSource = {
    commands: () => [{ name: "select-pane", alias: ["selectp"] }, { name: "select-window", alias: ["selectw"] }, { name: "set-option", alias: ["set"] }, { name: "show-options", alias: ["show"] }],
    commandAliases: () => ["split-pane=split-window"],
    optionNames: () => ["status", "status-keys", "status-left"],
    sessions: () => [{ name: "alpha", id: 1 }, { name: "main", id: 0 }],
    windows: (s) => (s === null || s === "main" ? [{ index: 0, name: "sh" }, { index: 1, name: "vim" }] : s === "alpha" ? [{ index: 3, name: "top" }] : undefined),
    currentSession: () => "main",
  };
  const menus: { labels: string[]; x: number; pick: (i: number) => void }[] = [];
  const withTab = (initial: string, type = "command", label = ":") => {
    const p = new Prompt(label, initial, () => {});
    p.type = type;
    p.attach(env("emacs", { completion: source, openMenu: (labels, x, pick) => (menus.push({ labels, x, pick }), true) }));
    menus.length = 0;
    press(p, "Tab");
    return p;
  };

  test("a unique command is completed with a space; several to their common prefix, then a menu", () => {
    expect(withTab("split-p").line().buffer).toBe("split-pane ");
    expect(withTab("selectw").line().buffer).toBe("selectw ");
    const p = withTab("sel");
    expect(p.line().buffer).toBe("select");
    expect(menus).toEqual([]);
    press(p, "Tab");
    expect(menus.map((m) => [m.labels, m.x])).toEqual([[["select-pane", "select-window", "selectp", "selectw"], 0]]);
    menus[0]!.pick(1);
    expect(p.line()).toEqual({ prompt: ":", buffer: "select-window", index: 13 });
  });

  test("after the first word options and layouts complete too; nothing on blanks or an empty word", () => {
    expect(withTab("set -g status-k").line().buffer).toBe("set -g status-keys ");
    expect(withTab("selectl even-h").line().buffer).toBe("selectl even-horizontal ");
    expect(withTab("status-k").line().buffer).toBe("status-k");
    expect(withTab("set ").line().buffer).toBe("set ");
    expect(withTab("").line().buffer).toBe("");
    // The menu's column: the word's offset plus the prompt's width, less 2.
    const p = withTab("set -g status");
    expect(menus.map((m) => [m.labels, m.x])).toEqual([[["status", "status-keys", "status-left"], 6]]);
    expect(p.line().buffer).toBe("set -g status");
  });

  test("-t: sessions with a colon, then a session's windows", () => {
    const p = withTab("selectw -t");
    expect(p.line().buffer).toBe("selectw -t");
    expect(menus.map((m) => m.labels)).toEqual([["alpha:", "main:"]]);
    menus[0]!.pick(1);
    expect(p.line().buffer).toBe("selectw -tmain:");
    expect(withTab("selectw -ta").line().buffer).toBe("selectw -talpha:");
    expect(withTab("selectw -t$1").line().buffer).toBe("selectw -t$1:");
    expect(withTab("selectw -talpha:").line().buffer).toBe("selectw -talpha:3");
    expect(withTab("selectw -tnone:").line().buffer).toBe("selectw -tnone:");
    expect(withTab("selectp -tmain:0.").line().buffer).toBe("selectp -tmain:0.");
    const w = withTab("selectw -s:");
    expect(menus.map((m) => [m.labels, m.x])).toEqual([[["main:0 (sh)", "main:1 (vim)"], 9]]);
    menus[0]!.pick(0);
    expect(w.line().buffer).toBe("selectw -smain:0");
    expect(withTab("selectw -tmain:1").line().buffer).toBe("selectw -tmain:1");
  });

  test("target and window-target prompts complete the whole line", () => {
    expect(withTab("m", "target").line().buffer).toBe("main:");
    const t = withTab("", "target");
    expect(menus.map((m) => m.labels)).toEqual([["alpha:", "main:"]]);
    expect(t.line().buffer).toBe("");
    const w = withTab("", "window-target", "index ");
    expect(menus.map((m) => [m.labels, m.x])).toEqual([[["0 (sh)", "1 (vim)"], 4]]);
    menus[0]!.pick(1);
    expect(w.line().buffer).toBe("1");
    expect(withTab("1", "window-target").line().buffer).toBe("1");
  });

  test("no menu without room for one (tmux needs 3 rows beside the status line)", () => {
    const p = new Prompt(":", "sel", () => {});
    let opened = 0;
    p.attach(env("emacs", { completion: source, menuRows: () => 0, openMenu: () => (opened++, true) }));
    press(p, "Tab");
    press(p, "Tab");
    expect(opened).toBe(0);
    expect(p.line().buffer).toBe("select");
  });

  test("a menu is at most 10 rows (the room there is): the last choices, sorted; the first windows", () => {
    const many: CompletionSource = { ...source, optionNames: () => Array.from({ length: 15 }, (_, i) => `opt-${String.fromCharCode(111 - i)}`) };
    const opened: string[][] = [];
    const p = new Prompt(":", "set opt-", () => {});
    p.attach(env("emacs", { completion: many, openMenu: (labels) => (opened.push(labels), true) }));
    press(p, "Tab");
    expect(opened).toEqual([["opt-f", "opt-g", "opt-h", "opt-i", "opt-j", "opt-k", "opt-l", "opt-m", "opt-n", "opt-o"]]);
    const w = new Prompt(":", "selectw -t:", () => {});
    const windows: CompletionSource = { ...source, windows: () => [0, 1, 2, 3].map((index) => ({ index, name: "sh" })) };
    w.attach(env("emacs", { completion: windows, menuRows: () => 2, openMenu: (labels) => (opened.push(labels), true) }));
    press(w, "Tab");
    expect(opened[1]).toEqual(["main:0 (sh)", "main:1 (sh)"]);
  });

  test("vi: Tab completes in insert mode, not in command mode", () => {
    const p = new Prompt(":", "split-p", () => {});
    p.attach(env("vi", { completion: source }));
    press(p, "Escape");
    press(p, "Tab");
    expect(p.line().buffer).toBe("split-p");
    press(p, "A");
    press(p, "Tab");
    expect(p.line().buffer).toBe("split-pane ");
  });
});

describe("-i: incremental answers", () => {
  const incremental = (initial: string) => {
    const told: string[] = [];
    const done: (string | null)[] = [];
    const p = new Prompt("(search up) ", initial, (t) => void done.push(t), { incremental: (t) => void told.push(t) });
    p.attach(env("emacs"));
    return { p, told, done };
  };

  test("= as it opens, with the line empty; =TEXT at each change; moves that change nothing say nothing", () => {
    const { p, told } = incremental("last");
    expect(p.line().buffer).toBe("");
    expect(told).toEqual(["="]);
    pressAll(p, [{ text: "fo" }, "Left", "Home", "End", "BSpace", "BSpace", "BSpace", "C-k"]);
    expect(told).toEqual(["=", "=f", "=fo", "=f", "="]);
    // tmux counts a word move as a change.
    pressAll(p, [{ text: "a b" }, "M-b"]);
    expect(told.slice(-1)).toEqual(["=a b"]);
  });

  test("C-r and C-s search again (- and +); on an empty line they take back the initial text", () => {
    const { p, told, done } = incremental("last");
    press(p, "C-r");
    expect(p.line().buffer).toBe("last");
    press(p, "C-r");
    press(p, "C-s");
    expect(told).toEqual(["=", "=last", "-last", "+last"]);
    press(p, "Enter");
    expect(done).toEqual(["last"]);
  });

  test("without -i C-r and C-s do nothing", () => {
    const p = new Prompt(":", "ab", () => {});
    p.attach(env("emacs"));
    press(p, "C-r");
    press(p, "C-s");
    expect(p.line()).toEqual({ prompt: ":", buffer: "ab", index: 2 });
  });
});

describe("confirm-before's question (a -1 prompt)", () => {
  const ask = (keys: string, yes = "y") => {
    const got: boolean[] = [];
    const p = new Confirm("Confirm 'kill-pane'? (y/n) ", yes, (ok) => void got.push(ok));
    p.attach(env(keys));
    return { p, got };
  };
  test("y or Y confirms, another character, Enter or Escape declines, Left leaves it open", () => {
    for (const [keys, want] of [[["y"], [true]], [["Y"], [true]], [["n"], [false]], [["Enter"], [false]], [["Escape"], [false]], [["Left"], []], [["Left", "y"], [true]]] as const) {
      const { p, got } = ask("emacs");
      for (const k of keys) press(p, k);
      expect(got).toEqual([...want]);
    }
  });
  test("vi: Escape is command mode, where y does nothing; i then y confirms; -c's key is exact", () => {
    const { p, got } = ask("vi");
    pressAll(p, ["Escape", "y"]);
    expect(got).toEqual([]);
    pressAll(p, ["i", "y"]);
    expect(got).toEqual([true]);
    const c = ask("emacs", "Q");
    press(c.p, "q");
    expect(c.got).toEqual([false]);
  });
});

test("the completion menu (MENU_TAB): Tab steps down and closes past the last; BSpace closes; a digit picks", async () => {
  const { Menu } = await import("../../../src/mux/client/menu.ts");
  const picked: string[] = [];
  const make = () => {
    const m = new Menu("", ["a", "b", "c"].map((name, i) => ({ name, key: String(i), command: String(i) })), 80, { stayOpen: false, noMouse: true, tab: true, choose: (c) => void picked.push(c) });
    m.place(0, 0, 80, 24);
    return m;
  };
  const m = make();
  expect(m.choice).toBe(0);
  expect(m.key("Tab")).toBe("redraw");
  expect(m.key("Tab")).toBe("redraw");
  expect(m.choice).toBe(2);
  expect(m.key("Tab")).toBe("close");
  expect(make().key("BSpace")).toBe("close");
  expect(make().key("2")).toBe("close");
  expect(picked).toEqual(["2"]);
  // A menu without it (display-menu) ignores both.
  const plain = new Menu("", [{ name: "a", key: "", command: "" }], 80, { stayOpen: false, noMouse: true, choose() {} });
  plain.place(0, 0, 80, 24);
  expect(plain.key("Tab")).toBe("none");
  expect(plain.key("BSpace")).toBe("none");
});

test("a paste is typed key by key, as at tmux's prompt (bracketed paste is off there): a newline is Enter", () => {
  const paste = (s: string) => new TextEncoder().encode(`\x1b[200~${s}\x1b[201~`);
  const got: (string | null)[] = [];
  const p = new Prompt(":", "", (t) => void got.push(t));
  p.attach(env("emacs"));
  p.key("Paste", paste("new-window -n é"));
  expect(p.line().buffer).toBe("new-window -n é");
  p.key("Paste", paste("x\x17y\rignored"));
  expect(got).toEqual(["new-window -n y"]);
});
