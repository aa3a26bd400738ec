// The libc file calls a new server's start makes instead of node:fs (libc.ts): each answers as
// node:fs does for the same paths (files, directories, links, fifos, missing ones).
import { test, expect, describe, beforeAll, afterAll } from "bun:test";
import { accessSync, chmodSync, constants, existsSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { accessible, chmod, unlink, fileType, isDirectory, F_OK, X_OK, S_IFDIR, S_IFREG, SysError } from "../../src/pty/libc.ts";
import { resolveProgram } from "../../src/pty/index.ts";

let dir = "";
const paths: string[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "weft-file-calls-"));
  writeFileSync(join(dir, "plain"), "x");
  writeFileSync(join(dir, "script"), "#!/bin/sh\n", { mode: 0o755 });
  symlinkSync(join(dir, "script"), join(dir, "link"));
  symlinkSync(join(dir, "nowhere"), join(dir, "dangling"));
  symlinkSync(dir, join(dir, "dirlink"));
  paths.push(dir, ...["plain", "script", "link", "dangling", "dirlink", "missing", "plain/below", ""].map((n) => join(dir, n)), "/dev/null", "/", "", "relative-missing", "a\0b");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What node:fs says of a path: its type as statSync sees it, or null. */
function nodeType(p: string): string | null {
  try {
    const st = statSync(p);
    return st.isFile() ? "file" : st.isDirectory() ? "dir" : "other";
  } catch {
    return null;
  }
}

function nodeAccess(p: string, mode: number): boolean {
  try {
    accessSync(p, mode);
    return true;
  } catch {
    return false;
  }
}

describe("as node:fs answers", () => {
  test("fileType follows links as statSync does", () => {
    for (const p of paths) {
      const t = fileType(p);
      expect([p, t === null ? null : t === S_IFREG ? "file" : t === S_IFDIR ? "dir" : "other"]).toEqual([p, nodeType(p)]);
    }
  });
  test("isDirectory is statSync(path).isDirectory(), false where statSync throws", () => {
    for (const p of paths) expect([p, isDirectory(p)]).toEqual([p, nodeType(p) === "dir"]);
  });
  test("accessible is accessSync's and existsSync's answer", () => {
    for (const p of paths) {
      expect([p, accessible(p, F_OK)]).toEqual([p, existsSync(p)]);
      expect([p, accessible(p, X_OK)]).toEqual([p, nodeAccess(p, constants.X_OK)]);
    }
  });
  test("a fifo is neither a file nor a directory", () => {
    const fifo = join(dir, "fifo");
    expect(Bun.spawnSync(["mkfifo", fifo]).exitCode).toBe(0);
    expect(fileType(fifo)).not.toBeOneOf([S_IFREG, S_IFDIR, null]);
    expect(nodeType(fifo)).toBe("other");
  });
  test("chmod and unlink change the file, or throw naming the call and path", () => {
    const f = join(dir, "mode");
    writeFileSync(f, "");
    chmod(f, 0o600);
    expect(statSync(f).mode & 0o777).toBe(0o600);
    chmodSync(f, 0o644);
    unlink(f);
    expect(existsSync(f)).toBe(false);
    expect(() => unlink(f)).toThrow(new SysError("unlink", 2, f).message);
    expect(() => chmod(f, 0o600)).toThrow(SysError);
  });
  test("a program is found in PATH only as a regular file that may be executed", () => {
    expect(resolveProgram("script", `${join(dir, "missing")}:${dir}`)).toBe(join(dir, "script"));
    expect(resolveProgram("plain", dir)).toBeNull(); // not executable
    expect(resolveProgram("dirlink", dir)).toBeNull(); // a directory
    expect(resolveProgram(join(dir, "link"), undefined)).toBe(join(dir, "link"));
    expect(resolveProgram("sh", undefined)).toMatch(/^\/(usr\/)?bin\/sh$/);
  });
});
