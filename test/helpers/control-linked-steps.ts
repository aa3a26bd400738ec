// A control client's script for linked windows and session groups: whether each window is in
// the client's session decides %window-add / -close against %unlinked-window-add / -close.
// Record the golden with: bun test/helpers/control-linked-steps.ts /usr/bin/tmux
import { transcript, type Step } from "./control-transcript.ts";

export const LINKED_STEPS: Step[] = [
  { line: "new-session -d -s a -n aw cat" },
  { line: "link-window -s a:0 -t x:3" },
  { line: "new-window -d -t a: -n two cat" },
  { line: "link-window -d -s a:1 -t x:4" },
  { line: "list-windows -F '#{window_index} #{window_id} #{window_linked} #{window_linked_sessions_list}'" },
  { line: "unlink-window -t x:3" },
  { line: "kill-window -t a:1" },
  { line: "new-session -d -s g -t x" },
  { line: "new-window -d -t g -n three cat" },
  { line: "list-windows -a -F '#{session_name}:#{window_index} #{window_id}'" },
  { line: "kill-session -t g" },
  { line: "kill-session -t a" },
];

if (import.meta.main) {
  const bin = process.argv[2] ?? "/usr/bin/tmux";
  process.stdout.write(await transcript(bin, `ctl-linked-${process.pid}`, { steps: LINKED_STEPS }));
  process.exit(0);
}
