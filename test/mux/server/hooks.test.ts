// The hooks' pure parts: which hook each model event runs (notify.c's notify_* calls), the
// formats it brings, and cmdq_insert_hook's argument formats.
import { test, expect } from "bun:test";
import { afterHookFormats, hookFormats, hookOf } from "../../../src/mux/server/hooks.ts";
import type { ModelEvent, Pane, Session, Window } from "../../../src/mux/model/index.ts";
import { HOOK_NAMES } from "../../../src/mux/model/options-table.ts";

const session = { id: 3, name: "s" } as Session;
const window = { id: 7, name: "w" } as Window;
const pane = { id: 9 } as Pane;

test("every notification names what tmux's notify_* call for it names", () => {
  const cases: [ModelEvent, Record<string, string>][] = [
    [{ type: "session-renamed", session }, { hook: "session-renamed", hook_session: "$3", hook_session_name: "s" }],
    [{ type: "window-linked", session, window }, { hook: "window-linked", hook_session: "$3", hook_session_name: "s", hook_window: "@7", hook_window_name: "w" }],
    [{ type: "window-renamed", window }, { hook: "window-renamed", hook_window: "@7", hook_window_name: "w" }],
    [{ type: "pane-died", pane, window }, { hook: "pane-died", hook_pane: "%9" }],
    [{ type: "client-resized", client: { name: "/dev/pts/1" }, session }, { hook: "client-resized", hook_client: "/dev/pts/1" }],
    [{ type: "alert-bell", session, window }, { hook: "alert-bell", hook_session: "$3", hook_session_name: "s", hook_window: "@7", hook_window_name: "w" }],
  ];
  for (const [e, formats] of cases) {
    const h = hookOf(e);
    expect(h && hookFormats(h.name, h.subject)).toEqual(formats);
    // Every hook weft runs is one of tmux's table (set-hook accepts it).
    expect(HOOK_NAMES).toContain(h?.name ?? "");
  }
});

test("weft's own events and a mode's view moving run no hook", () => {
  expect(hookOf({ type: "pane-output", pane, interactive: false, answer: false })).toBeNull();
  expect(hookOf({ type: "pane-mode-changed", pane, view: true })).toBeNull();
  expect(hookOf({ type: "pane-mode-changed", pane })?.name).toBe("pane-mode-changed");
  expect(hookOf({ type: "option-changed", name: "status" })).toBeNull();
});

test("after-hooks see the command's arguments as args_print prints them, each flag and argument", () => {
  const args = { flags: new Map<string, string | true>([["t", "a:1"], ["d", true], ["e", "B=2"]]), all: new Map([["e", ["A=1", "B=2"]]]), positional: ["sh -c", "x"], values: ["sh -c", "x"] };
  expect(afterHookFormats("after-new-window", args)).toEqual({
    hook: "after-new-window",
    hook_arguments: '-d -e A=1 -e B=2 -t a:1 "sh -c" x',
    hook_argument_0: "sh -c",
    hook_argument_1: "x",
    hook_flag_d: "1",
    hook_flag_e: "B=2",
    hook_flag_e_0: "A=1",
    hook_flag_e_1: "B=2",
    hook_flag_t: "a:1",
    hook_flag_t_0: "a:1",
  });
});
