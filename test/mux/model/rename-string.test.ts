// screen's ESC k name ST: taken out of a pane's output (whole or split across reads) and handed
// on as the window's new name; everything else passes untouched.
import { expect, test } from "bun:test";
import { RenameStrings } from "../../../src/mux/model/rename-string.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (parts: Uint8Array[] | null, whole: Uint8Array) => (parts === null ? new TextDecoder().decode(whole) : parts.map((p) => new TextDecoder().decode(p)).join(""));

function run(chunks: string[]): { out: string; names: string[] } {
  const names: string[] = [];
  const f = new RenameStrings((n) => names.push(n));
  let out = "";
  for (const c of chunks) {
    const b = enc(c);
    out += dec(f.filter(b), b);
  }
  return { out, names };
}

test("output without ESC k passes as it is (no copy)", () => {
  const f = new RenameStrings(() => {});
  expect(f.filter(enc("plain \x1b[31mred\x1b[0m"))).toBeNull();
});

test("ESC k name ESC \\ and ESC k name BEL are taken out and named", () => {
  expect(run(["a\x1bkfirst\x1b\\b\x1bksecond\x07c"])).toEqual({ out: "abc", names: ["first", "second"] });
});

test("a string split across reads, an ESC at the end of one read, UTF-8 names", () => {
  expect(run(["x\x1b", "kna", "mé\x1b", "\\y\x1b", "[1mz"])).toEqual({ out: "xy\x1b[1mz", names: ["namé"] });
});

test("an empty name is a name too (automatic-rename comes back); bad UTF-8 is ignored", () => {
  expect(run(["\x1bk\x1b\\", "\x1bk\xff\x07".replace("\xff", "")])).toEqual({ out: "", names: ["", ""] });
  const names: string[] = [];
  const f = new RenameStrings((n) => names.push(n));
  f.filter(Uint8Array.of(0x1b, 0x6b, 0xff, 0xfe, 0x07));
  expect(names).toEqual([]);
});
