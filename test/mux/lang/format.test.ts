// Format expansion tests. GOLDEN comes from tmux 3.3a on this machine:
// `TZ=UTC tmux display -p FORMAT` with the user options set as in VARS.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expandFormat, formatTrue, trimLeft, trimRight, displayWidth } from "../../../src/mux/lang/format.ts";

const VARS: Record<string, string> = {
  "@a": "hello",
  "@e": "",
  "@z": "0",
  "@n": "42",
  "@w": "日本語abc",
  "@p": "/usr/local/bin/tmux",
  "@q": "a b$c",
  "@f": "#{@a}!",
  "@t": "86400",
  "@s": "#[fg=red]abcdef",
};
const lookup = (name: string) => VARS[name];

const GOLDEN: [format: string, expected: string][] = [
  ["#{@a}", "hello"],
  ["[#{@missing}]", "[]"],
  ["##", "#"],
  ["###", "##"],
  ["a##b", "a#b"],
  ["#{?@a,yes,no}", "yes"],
  ["#{?@e,yes,no}", "no"],
  ["#{?@z,yes,no}", "no"],
  ["#{?@missing,yes,no}", "no"],
  ["#{?#{==:#{@a},hello},eq,ne}", "eq"],
  ["#{?@a,#{@n},#{@a}}", "42"],
  ["#{?@a,x#,y,z}", "x,y"],
  ["#{?@a,#{?@z,A,B},C}", "B"],
  ["#{==:a,a}#{==:a,b}#{!=:a,b}#{!=:a,a}", "1010"],
  ["#{||:0,}#{||:1,}#{&&:1,x}#{&&:1,0}", "0110"],
  ["#{<:a,b}#{>:a,b}#{<=:b,b}#{>=:a,b}", "1010"],
  ["#{=3:@a}|#{=-3:@a}|#{=10:@a}|#{=0:@a}", "hel|llo|hello|hello"],
  ["#{=/3/...:@a}|#{=/-3/...:@a}|#{=/5/...:@a}", "hel...|...llo|hello"],
  ["#{=4:@w}|#{=-4:@w}|#{=3:@w}|#{=-5:@w}", "日本|abc|日|語abc"],
  ["#{p10:@a}|#{p-10:@a}|#{p3:@a}", "hello     |     hello|hello"],
  ["#{n:@w}|#{w:@w}", "12|9"],
  ["#{b:@p}|#{d:@p}", "tmux|/usr/local/bin"],
  ["#{l:#{@a}}", "#{@a}"],
  ["#{s/l/L/:@a}|#{s/(l+)/[\\1]/:@a}|#{s/H/j/i:@a}", "heLLo|he[ll]o|jello"],
  ["#{m:h*,hello}#{m:x*,hello}#{m/r:^h.l,hello}#{m/ri:^H,hello}", "1011"],
  ["#{e|+|:1,2}|#{e|*|f|:3,0.5}|#{e|/|:7,2}|#{e|%|:7,3}|#{e|-|f|4:1,3}|#{e|<|:1,2}", "3|1.50|3|1|-2.0000|1"],
  ["#{a:65}#{a:10}", "A"],
  ["#{q:@q}", "a\\ b\\$c"],
  ["#{E:@f}", "hello!"],
  ["abc#{@a", "abc"],
  ["abc#{?@a,x}def", "abc"],
  ["x#", "x#"],
  ["#Xy#qz", "#Xy#qz"],
  ["#{@a}#,#}", "hello,}"],
  ["#{}", ""],
  ["#{?,a,b}", "b"],
  ["#{?1,a,b}|#{?0,a,b}|#{?#{@missing},a,b}", "b|b|b"],
  ["#{?#{@a},a,b}", "a"],
  ["#{t:@t}", "Fri Jan  2 00:00:00 1970"],
  ["#{@n:}", ""],
  ["#{@a;=2:}", ""],
  ["#{=2;p5:@a}|", "he   |"],
  ["##[fg=red]#{=2:@s}", "##[fg=red]#[fg=red]ab"],
  ["#{=2:#{@a}}", "he"],
  ["#{=-2;s/o/0/:@a}", "l0"],
  ["#{?@a,#{=2:@a},}", "he"],
];

describe("matches tmux 3.3a display -p", () => {
  const oldTz = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = "UTC";
  });
  afterAll(() => {
    if (oldTz === undefined) delete process.env.TZ;
    else process.env.TZ = oldTz;
  });
  for (const [fmt, want] of GOLDEN) {
    test(JSON.stringify(fmt), () => {
      expect(expandFormat(fmt, lookup)).toBe(want);
    });
  }
});

describe("variables", () => {
  const vars: Record<string, string | number | boolean | null> = {
    session_name: "work",
    window_index: 3,
    pane_index: 0,
    pane_id: "%7",
    pane_title: "vim",
    window_name: "edit",
    window_flags: "*",
    host: "box.example.org",
    host_short: "box",
    pane_active: true,
    pane_dead: false,
    nothing: null,
  };
  const look = (n: string) => vars[n];

  test("short aliases", () => {
    expect(expandFormat("#S:#I.#P #D #T #W#F #H #h", look)).toBe("work:3.0 %7 vim edit* box.example.org box");
  });

  test("booleans render as 1/0 and numbers as digits", () => {
    expect(expandFormat("#{pane_active}#{pane_dead}#{window_index}", look)).toBe("103");
    expect(expandFormat("#{?pane_active,A,-}#{?pane_dead,D,-}#{?pane_index,x,y}", look)).toBe("A-y");
  });

  test("unknown and null variables expand to nothing", () => {
    expect(expandFormat("[#{nope}][#{nothing}][#{?nothing,a,b}]", look)).toBe("[][][b]");
  });

  test("nested conditionals, comparisons and escaped commas", () => {
    expect(expandFormat("#{?#{==:#{session_name},work},#{?pane_active,on#,active,off},other}", look)).toBe(
      "on,active",
    );
    expect(expandFormat("#{?#{&&:#{pane_active},#{!=:#W,x}},yes,no}", look)).toBe("yes");
    expect(expandFormat("#{?#{||:#{pane_dead},#{nothing}},yes,no}", look)).toBe("no");
  });

  test("truncation counts display width", () => {
    expect(trimLeft("日本語abc", 5)).toBe("日本");
    expect(trimRight("日本語abc", 5)).toBe("語abc");
    expect(displayWidth("日本語abc")).toBe(9);
    expect(formatTrue("0")).toBe(false);
    expect(formatTrue("00")).toBe(true);
    expect(formatTrue("")).toBe(false);
  });

  test("t: renders times; t/p relative to now", () => {
    const day = 86400;
    const t = 1_700_000_000;
    const f = (fmt: string, now: number) => expandFormat(fmt, () => t, { now: () => now });
    expect(f("#{t/p:x}", t + 60)).toMatch(/^\d\d:\d\d$/);
    expect(f("#{t/p:x}", t + 3 * day)).toMatch(/^[A-Z][a-z]{2}\d\d$/);
    expect(expandFormat("#{t:x}", () => "notatime")).toBe("");
  });

  test("self-referencing expansion stops at tmux's loop limit", () => {
    const loop = (n: string) => (n === "me" ? "#{E:me}x" : undefined);
    expect(() => expandFormat("#{E:me}", loop)).not.toThrow();
  });
});

describe("malformed input never throws", () => {
  test("seeded random strings", () => {
    let seed = 12345;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const alphabet = ["#", "{", "}", ",", ":", ";", "?", "=", "-", "/", "|", "&", "!", "<", ">", "(", ")", "[", "]",
      "a", "b", "S", "W", "l", "s", "m", "e", "p", "t", "q", "E", "n", "w", "0", "1", "5", "@a", "%", "\\", "日", " "];
    const look = (n: string) => (n === "@a" ? "hello" : n === "a" ? "#{a}" : undefined);
    for (let i = 0; i < 20000; i++) {
      let s = "";
      const len = rnd(40);
      for (let j = 0; j < len; j++) s += alphabet[rnd(alphabet.length)];
      const out = expandFormat(s, look);
      expect(typeof out).toBe("string");
    }
  });

  test("unterminated forms render like tmux: output stops there", () => {
    expect(expandFormat("abc#{session_name", () => "x")).toBe("abc");
    expect(expandFormat("abc#(echo hi", () => "x")).toBe("abc");
    expect(expandFormat("a#(echo hi)b", () => "x")).toBe("ab");
    expect(expandFormat("#", () => "x")).toBe("#");
  });
});
