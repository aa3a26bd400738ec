// The compiled executable carries the gather worker: a missing worker entry fails here.
import { test, expect } from "bun:test";
import { weftBinary } from "../helpers/binary.ts";

test("dist/weft --version and -V: weft's version and the tmux version it behaves as", async () => {
  for (const flag of ["--version", "-V"]) {
    const p = Bun.spawnSync([await weftBinary(), flag]);
    expect(p.stdout.toString()).toMatch(/^weft \d+\.\d+\.\d+ \(tmux 3\.3a\)\n$/);
  }
});

test("dist/weft runs a program in a PTY through its worker, output and exit code intact", async () => {
  const p = Bun.spawn([await weftBinary(), "debug-pty", "sh", "-c", "tty; seq 1 20000 | tail -1; exit 4"], { stdout: "pipe" });
  const [code, out] = await Promise.all([p.exited, new Response(p.stdout).text()]);
  expect(out).toMatch(/^\/dev\/pts\/\d+\r\n20000\r\n$/);
  expect(code).toBe(4);
});

test("dist/weft reads no .env or bunfig.toml from the directory it runs in, as tmux reads neither", async () => {
  const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
  const dir = mkdtempSync("/tmp/weft-dotenv-");
  try {
    writeFileSync(`${dir}/.env`, "WEFT_DOTENV_PROBE=loaded\n");
    writeFileSync(`${dir}/bunfig.toml`, 'preload = ["./nothing-here.ts"]\n');
    const p = Bun.spawn([await weftBinary(), "debug-pty", "sh", "-c", 'echo "probe=${WEFT_DOTENV_PROBE-unset}"'], { cwd: dir, stdout: "pipe", stderr: "pipe" });
    const [code, out] = await Promise.all([p.exited, new Response(p.stdout).text()]);
    expect(out).toBe("probe=unset\r\n");
    expect(code).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("weft --help: every global flag and every command, through commander; under the name tmux, tmux's answer to any long option", async () => {
  const { mkdtempSync, symlinkSync, rmSync } = await import("node:fs");
  const { COMMAND_NAMES } = await import("../../src/cli/command-names.ts");
  const weft = await weftBinary();
  const help = Bun.spawnSync([weft, "--help"]);
  expect(help.exitCode).toBe(0);
  const text = help.stdout.toString();
  expect(text).toStartWith("Usage: weft [-2CDlNuvV] [-c shell-command] [-f file] [-L socket-name] [-S socket-path] [-T features] [command [flags]]\n");
  for (const flag of ["-2", "-C", "-c <shell-command>", "-D", "-f <file>", "-L <socket-name>", "-l", "-N", "-S <socket-path>", "-T <features>", "-u", "-v", "-V"]) expect(text).toContain(`\n  ${flag} `);
  for (const [name] of COMMAND_NAMES) expect(text).toMatch(new RegExp(`\\n  ${name}[| \\n]`));
  // tmux 3.3a: `tmux --help`, `--version` or any other long option prints only its usage, exit 1.
  const usage = "usage: tmux [-2CDlNuvV] [-c shell-command] [-f file] [-L socket-name]\n            [-S socket-path] [-T features] [command [flags]]\n";
  const dir = mkdtempSync("/tmp/weft-help-");
  try {
    symlinkSync(weft, `${dir}/tmux`);
    for (const flag of ["--help", "--version", "--foo"]) {
      const p = Bun.spawnSync([`${dir}/tmux`, flag]);
      expect({ flag, code: p.exitCode, out: p.stdout.toString(), err: p.stderr.toString() }).toEqual({ flag, code: 1, out: "", err: usage });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
