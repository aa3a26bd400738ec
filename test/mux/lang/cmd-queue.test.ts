// Command queue tests: order, waiting and continuing, insertion after the
// running item, group skipping on failure, exit status, contained exceptions.
// The exit statuses are tmux 3.3a's: `tmux has -t nosuch \; display -p hi`
// prints nothing and exits 1; `tmux display -p hi \; has -t nosuch` prints hi
// and exits 1; `tmux if -F 1 'has -t nosuch' \; display -p after` prints
// after (the branch is its own group) and exits 1; `tmux source-file bad.conf
// good.conf \; set -g @after 1` reports bad.conf's error, sets @after, exits 1.
import { describe, expect, test } from "bun:test";
import { CommandQueue, type CommandStatus, type QueueItem } from "../../../src/mux/lang/cmd-queue.ts";

interface Cmd {
  name: string;
  group: number;
}

type Behaviour = (item: QueueItem<Cmd>, q: CommandQueue<Cmd>) => CommandStatus;

/** A queue whose commands do what `behaviours` says (default: succeed), logging each run. */
function setup(behaviours: Record<string, Behaviour> = {}) {
  const log: string[] = [];
  const exceptions: string[] = [];
  const queue = new CommandQueue<Cmd>({
    run(item, q) {
      log.push(item.command.name);
      return behaviours[item.command.name]?.(item, q) ?? "normal";
    },
    reportException(item, error) {
      exceptions.push(`${item.command.name}: ${error instanceof Error ? error.message : String(error)}`);
    },
  });
  return { log, exceptions, queue };
}

const cmds = (group: number, ...names: string[]): Cmd[] => names.map((name) => ({ name, group }));

describe("order", () => {
  test("items run in the order they were appended", () => {
    const { log, queue } = setup();
    queue.append(cmds(1, "a", "b"));
    queue.append(cmds(2, "c"));
    expect(log).toEqual(["a", "b", "c"]);
    expect(queue.length).toBe(0);
  });

  test("an append from inside a command runs after what is already queued", () => {
    const { log, queue } = setup({ a: (_i, q) => (q.append(cmds(9, "late")), "normal") });
    queue.append(cmds(1, "a", "b"));
    expect(log).toEqual(["a", "b", "late"]);
  });
});

describe("insertion after the current item", () => {
  test("inserted commands run before what followed the inserting one", () => {
    const { log, queue } = setup({ src: (item, q) => (q.insertAfter(item, cmds(5, "f1", "f2")), "normal") });
    queue.append(cmds(1, "src", "next"));
    expect(log).toEqual(["src", "f1", "f2", "next"]);
  });

  test("insertAfter returns the last inserted item, so later insertions keep their order", () => {
    const { log, queue } = setup({
      hook: (item, q) => {
        const last = q.insertAfter(item, cmds(5, "h1"));
        q.insertAfter(last, cmds(6, "h2"));
        return "normal";
      },
    });
    queue.append(cmds(1, "hook", "next"));
    expect(log).toEqual(["hook", "h1", "h2", "next"]);
  });
});

describe("waiting", () => {
  test("a waiting command holds the queue until it is continued", () => {
    let waiting: QueueItem<Cmd> | undefined;
    const { log, queue } = setup({ run: (item) => ((waiting = item), "wait") });
    queue.append(cmds(1, "run", "after"));
    queue.append(cmds(2, "other"));
    expect(log).toEqual(["run"]);
    expect(queue.running).toBeUndefined();
    if (waiting === undefined) throw new Error("run did not start");
    queue.continue(waiting);
    expect(log).toEqual(["run", "after", "other"]);
  });

  test("if-shell's way: insert the branch while waiting, then continue", () => {
    let waiting: QueueItem<Cmd> | undefined;
    const { log, queue } = setup({ if: (item) => ((waiting = item), "wait") });
    queue.append(cmds(1, "if", "after"));
    if (waiting === undefined) throw new Error("if did not start");
    queue.insertAfter(waiting, cmds(7, "branch"));
    queue.continue(waiting);
    expect(log).toEqual(["if", "branch", "after"]);
  });

  test("continue while the command is still running ends it when it returns", () => {
    const { log, queue } = setup({ quick: (item, q) => (q.continue(item), "wait") });
    queue.append(cmds(1, "quick", "next"));
    expect(log).toEqual(["quick", "next"]);
  });

  test("continuing with an error skips the rest of the group", () => {
    let waiting: QueueItem<Cmd> | undefined;
    const statuses: number[] = [];
    const { log, queue } = setup({ job: (item) => ((waiting = item), "wait") });
    queue.append(cmds(1, "job", "same-group"), (s) => statuses.push(s));
    if (waiting === undefined) throw new Error("job did not start");
    queue.continue(waiting, "error");
    expect(log).toEqual(["job"]);
    expect(statuses).toEqual([1]);
  });
});

describe("failures", () => {
  test("a failed command skips the rest of its group only", () => {
    const { log, queue } = setup({ bad: () => "error" });
    queue.append([...cmds(1, "a", "bad", "b"), ...cmds(2, "c"), ...cmds(1, "d")]);
    expect(log).toEqual(["a", "bad", "c"]);
  });

  test("group 0 (a callback) is never skipped", () => {
    const { log, queue } = setup({ bad: () => "error" });
    queue.append(cmds(0, "bad", "cb"));
    expect(log).toEqual(["bad", "cb"]);
  });

  test("a failure among inserted commands does not skip what followed the inserter", () => {
    const { log, queue } = setup({
      if: (item, q) => (q.insertAfter(item, cmds(8, "has", "skipped")), "normal"),
      has: () => "error",
    });
    const statuses: number[] = [];
    queue.append(cmds(1, "if", "display"), (s) => statuses.push(s));
    expect(log).toEqual(["if", "has", "display"]);
    expect(statuses).toEqual([1]);
  });

  test("an exception is that command's error and the queue carries on", () => {
    const { log, exceptions, queue } = setup({
      boom: () => {
        throw new Error("kaput");
      },
    });
    const statuses: number[] = [];
    queue.append(cmds(1, "boom", "same"), (s) => statuses.push(s));
    queue.append(cmds(2, "other"), (s) => statuses.push(s));
    expect(log).toEqual(["boom", "other"]);
    expect(exceptions).toEqual(["boom: kaput"]);
    expect(statuses).toEqual([1, 0]);
  });
});

describe("exit status", () => {
  const run = (names: string[], failing: string) => {
    const { log, queue } = setup({ [failing]: () => "error" });
    let status: number | undefined;
    queue.append(cmds(1, ...names), (s) => (status = s));
    return { log, status };
  };

  test("`a ; b` where a fails: b is skipped, status 1", () => {
    expect(run(["has", "display"], "has")).toEqual({ log: ["has"], status: 1 });
  });

  test("`a ; b` where b fails: a ran, status 1", () => {
    expect(run(["display", "has"], "has")).toEqual({ log: ["display", "has"], status: 1 });
  });

  test("all succeed: status 0; an empty sequence is done at once", () => {
    expect(run(["a", "b"], "none")).toEqual({ log: ["a", "b"], status: 0 });
    const { queue } = setup();
    let status: number | undefined;
    queue.append([], (s) => (status = s));
    expect(status).toBe(0);
  });

  test("source-file's way: a reported error fails the status without skipping the group", () => {
    const { log, queue } = setup({ source: (item, q) => (q.markFailed(item), "normal") });
    let status: number | undefined;
    queue.append(cmds(1, "source", "set"), (s) => (status = s));
    expect({ log, status }).toEqual({ log: ["source", "set"], status: 1 });
  });

  test("the status waits for a waiting command and what it inserted", () => {
    let waiting: QueueItem<Cmd> | undefined;
    const { queue } = setup({ run: (item) => ((waiting = item), "wait"), bad: () => "error" });
    let status: number | undefined;
    queue.append(cmds(1, "run"), (s) => (status = s));
    expect(status).toBeUndefined();
    if (waiting === undefined) throw new Error("run did not start");
    queue.insertAfter(waiting, cmds(3, "bad"));
    queue.continue(waiting);
    expect(status).toBe(1);
  });
});
