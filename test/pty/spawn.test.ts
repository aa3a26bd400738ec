// The PTY core with real programs in real pseudo-terminals.
import { test, expect, describe } from "bun:test";
import { mkdtempSync, readFileSync, readdirSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn, SysError } from "../../src/pty/index.ts";
import { run, sh, baseEnv, openFds, zombieChildren } from "../helpers/pty.ts";
import { waitFor, within } from "../helpers/wait.ts";

function childOf(ppid: number, comm: string): number | null {
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (name === comm && Number(rest[1]) === ppid) return Number(d);
    } catch {}
  }
  return null;
}

describe("spawn", () => {
  test("the child's terminal is the slave, it leads its own session, and stty sees the size", async () => {
    const c = sh("tty; ps -o sid=,tty= -p $$; echo pid=$$; stty size", { cols: 100, rows: 30 });
    const s = await within(c.pty.exited, "exit");
    expect(s).toEqual({ code: 0, signal: null });
    const lines = c.text.split("\r\n");
    expect(lines[0]).toMatch(/^\/dev\/pts\/\d+$/);
    const [sid, tty] = lines[1]!.trim().split(/\s+/);
    expect(Number(sid)).toBe(c.pty.pid); // session leader: its sid is its pid
    expect(`/dev/${tty}`).toBe(lines[0]!);
    expect(lines[2]).toBe(`pid=${c.pty.pid}`);
    expect(lines[3]).toBe("30 100");
  });

  test("the terminal takes UTF-8 input (iutf8), as tmux's panes do: backspace erases a whole character", async () => {
    const c = sh("stty -a");
    await within(c.pty.exited, "stty");
    expect(c.text).toMatch(/(^|\s)iutf8(\s|$)/);
    // In a cooked line, one BS after "é" leaves nothing of it for the program to read.
    const r = sh("IFS= read -r x; printf '[%s]' \"$x\"");
    r.pty.write("ab\u00e9\x7f\r");
    await within(r.pty.exited, "read");
    expect(r.text).toContain("[ab]");
  });

  test("resize reaches the program", async () => {
    const c = sh("stty size; read x; stty size", { cols: 80, rows: 24 });
    await waitFor(() => c.text.includes("24 80"), "first size");
    c.pty.resize(132, 43);
    c.pty.write("\r");
    await within(c.pty.exited, "exit");
    expect(c.text).toContain("43 132");
  });

  test("job control: C-c interrupts a foreground sleep in an interactive bash", async () => {
    const c = run({ file: "bash", args: ["--norc", "--noprofile", "-i"], env: { ...baseEnv(), PS1: "$ " } });
    await waitFor(() => c.text.includes("$ "), "prompt");
    c.pty.write("sleep 100\r");
    await waitFor(() => childOf(c.pty.pid, "sleep"), "sleep to start");
    c.pty.write("\x03");
    c.pty.write("echo status=$?\r");
    await waitFor(() => c.text.includes("status=130"), "sleep interrupted (status 130)");
    c.pty.write("exit 7\r");
    expect(await within(c.pty.exited, "exit")).toEqual({ code: 7, signal: null });
  });

  test("exit codes and terminating signals are reported", async () => {
    expect(await sh("exit 3").pty.exited).toEqual({ code: 3, signal: null });
    expect(await sh("kill -TERM $$").pty.exited).toEqual({ code: null, signal: 15 });
    const c = run({ file: "sleep", args: ["100"] });
    c.pty.kill("SIGKILL");
    expect(await within(c.pty.exited, "exit")).toEqual({ code: null, signal: 9 });
  });

  test("the environment is exactly what was given", async () => {
    const c = run({ file: "env", env: { PATH: baseEnv().PATH!, ONLY_THIS: "yes" } });
    await c.pty.exited;
    expect(c.text.trim().split("\r\n").sort()).toEqual([`PATH=${baseEnv().PATH}`, "ONLY_THIS=yes"].sort());
  });

  test("signals Bun ignores are default in the child, and none are blocked", async () => {
    // grep reads its own status, spawned directly: a shell's status would race with the shell
    // blocking signals around its fork of grep (dash does), which failed ~1 run in 8.
    const c = run({ file: "grep", args: ["-E", "^Sig(Ign|Blk)", "/proc/self/status"] });
    await c.pty.exited;
    expect(c.text).toContain("SigIgn:\t0000000000000000");
    expect(c.text).toContain("SigBlk:\t0000000000000000");
  });

  test("cwd is honoured", async () => {
    const c = run({ file: "pwd", cwd: "/usr/lib" });
    await c.pty.exited;
    expect(c.text.trim()).toBe("/usr/lib");
  });
});

describe("bad input", () => {
  const opts = { cols: 80, rows: 24, env: baseEnv() };
  test("a missing program names the call, errno and program", () => {
    expect(() => spawn({ ...opts, file: "nosuchprog" })).toThrow("posix_spawnp: ENOENT (No such file or directory): nosuchprog");
  });
  test("a missing cwd", () => {
    expect(() => spawn({ ...opts, file: "true", cwd: "/no/such/dir" })).toThrow("chdir: ENOENT (No such file or directory): /no/such/dir");
    expect(() => spawn({ ...opts, file: "true", cwd: "/etc/passwd" })).toThrow(SysError);
  });
  test("sizes out of range", () => {
    expect(() => spawn({ ...opts, file: "true", cols: 0 })).toThrow("invalid cols: 0");
    expect(() => spawn({ ...opts, file: "true", cols: 100000 })).toThrow("invalid cols: 100000");
    expect(() => spawn({ ...opts, file: "true", rows: -1 })).toThrow("invalid rows: -1");
    const c = run({ file: "cat" });
    expect(() => c.pty.resize(0, 10)).toThrow("invalid cols: 0");
    c.pty.kill("SIGKILL");
    return c.pty.exited;
  });
});

describe("asForkedChild: what tmux's forked child does where spawn would refuse", () => {
  test("a program not on PATH, or not executable, starts and exits 1 (execvp failed, _exit(1))", async () => {
    const missing = run({ file: "nosuchprog", args: ["arg"], asForkedChild: true });
    expect(await within(missing.pty.exited, "missing")).toEqual({ code: 1, signal: null });
    const dir = mkdtempSync(join(tmpdir(), "weft-spawn-"));
    const unreadable = join(dir, "prog");
    writeFileSync(unreadable, "#!/bin/sh\necho ran\n", { mode: 0o644 });
    const c = run({ file: unreadable, asForkedChild: true });
    expect(await within(c.pty.exited, "not executable")).toEqual({ code: 1, signal: null });
    expect(c.text).not.toContain("ran");
  });

  test("a file the kernel cannot exec (ENOEXEC) runs as a shell script, as execvp does", async () => {
    const dir = mkdtempSync(join(tmpdir(), "weft-spawn-"));
    const script = join(dir, "script");
    writeFileSync(script, "echo script-ran \"$1\"\nexit 7\n", { mode: 0o755 });
    const c = run({ file: script, args: ["one"], asForkedChild: true });
    expect(await within(c.pty.exited, "script")).toEqual({ code: 7, signal: null });
    expect(c.text).toContain("script-ran one");
  });

  test("a directory that is not there leaves the child in ours, with PWD at $HOME", async () => {
    const c = run({ file: "pwd", args: ["-P"], cwd: "/no/such/dir", asForkedChild: true });
    await within(c.pty.exited, "pwd");
    expect(c.text.trim()).toBe(realpathSync(process.cwd()));
    const env = run({ file: "printenv", args: ["PWD"], cwd: "/no/such/dir", asForkedChild: true, env: { ...baseEnv(), PWD: "/x" } });
    await within(env.pty.exited, "printenv");
    expect(env.text.trim()).toBe(process.env.HOME ?? "/");
  });
});

describe("lifecycle", () => {
  test("200 spawn/exit cycles leave no open fds and no zombies", async () => {
    // Warm up the worker so its own fds are counted in the baseline.
    await sh("true").pty.exited;
    const before = openFds();
    for (let i = 0; i < 200; i++) {
      const c = sh(i % 2 ? "echo x" : "exit 1");
      await within(c.pty.exited, `cycle ${i}`);
    }
    expect(openFds()).toBe(before);
    expect(zombieChildren()).toEqual([]);
  });
});
