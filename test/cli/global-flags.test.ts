// The global flags read without commander must be what commander reads, for every form the
// quick path accepts; the rest must go to commander.
import { test, expect } from "bun:test";
import { quickFlags, commanderFlags } from "../../src/cli/global-flags.ts";

const QUICK: string[][] = [
  [],
  ["new", "-d"],
  ["-L", "x", "display", "-p", "x"],
  ["-Lx", "ls"],
  ["-S", "/tmp/s", "-f", "/dev/null", "new", "-s", "a", "--", "sh", "-c", "echo -L"],
  ["-L", "a", "-L", "b", "ls"],
  ["-C", "attach"],
  ["-CC", "new"],
  ["-C", "-C", "-L", "x"],
  ["-f/dev/null", "-L", "", "ls", "-F", "#S"],
  ["-L", "x", "-", "y"],
  ["send-keys", "-t", "%0", "-l", "--", "-V"],
];

const SLOW: string[][] = [["-V"], ["--version"], ["-h"], ["--help"], ["--", "ls"], ["-L"], ["-L", "-x"], ["-CL", "x"], ["-x", "ls"], ["-L", "x", "--help"]];

test("the quick path reads the flags as commander does", async () => {
  for (const argv of QUICK) {
    const quick = quickFlags(argv);
    expect(quick).not.toBeNull();
    expect({ argv, flags: quick }).toEqual({ argv, flags: (await commanderFlags(argv)) as never });
  }
});

test("help, the version, -- and anything unusual go to commander", () => {
  for (const argv of SLOW) expect({ argv, flags: quickFlags(argv) }).toEqual({ argv, flags: null });
});
