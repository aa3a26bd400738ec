// fnmatch(3) with no flags, as tmux calls it for session and window names: "*", "?", bracket
// expressions ([a-z], [!x], [^x], [[:alpha:]]) and backslash escapes; "/" and "." are ordinary.

const CLASSES: Record<string, RegExp> = {
  alnum: /[\p{L}\p{N}]/u,
  alpha: /\p{L}/u,
  blank: /[ \t]/,
  cntrl: /\p{Cc}/u,
  digit: /[0-9]/,
  graph: /[^\s\p{Cc}]/u,
  lower: /\p{Ll}/u,
  print: /[^\p{Cc}]/u,
  punct: /[!-/:-@[-`{-~]/,
  space: /\s/,
  upper: /\p{Lu}/u,
  xdigit: /[0-9A-Fa-f]/,
};

interface Bracket {
  /** Index in the pattern just past the closing "]". */
  end: number;
  test: (c: string) => boolean;
}

/** A bracket expression starting at p[i] === "[", or null when it never closes (then "[" is literal). */
function bracket(p: string[], i: number): Bracket | null {
  let j = i + 1;
  const negate = p[j] === "!" || p[j] === "^";
  if (negate) j++;
  const tests: ((c: string) => boolean)[] = [];
  let first = true;
  for (; j < p.length; j++) {
    let c = p[j] as string;
    if (c === "]" && !first) {
      return { end: j + 1, test: (x) => tests.some((t) => t(x)) !== negate };
    }
    first = false;
    if (c === "[" && p[j + 1] === ":") {
      const close = p.indexOf(":", j + 2);
      if (close !== -1 && p[close + 1] === "]") {
        const re = CLASSES[p.slice(j + 2, close).join("")];
        if (re === undefined) return null; // an unknown class makes the pattern invalid
        tests.push((x) => re.test(x));
        j = close + 1;
        continue;
      }
    }
    if (c === "\\" && j + 1 < p.length) c = p[++j] as string;
    if (p[j + 1] === "-" && j + 2 < p.length && p[j + 2] !== "]") {
      let hi = p[j + 2] as string;
      j += 2;
      if (hi === "\\" && j + 1 < p.length) hi = p[++j] as string;
      const lo = c;
      tests.push((x) => x >= lo && x <= hi);
      continue;
    }
    const one = c;
    tests.push((x) => x === one);
  }
  return null;
}

function match(p: string[], pi: number, s: string[], si: number): boolean {
  while (pi < p.length) {
    const c = p[pi] as string;
    if (c === "*") {
      while (p[pi] === "*") pi++;
      if (pi === p.length) return true;
      for (let k = si; k <= s.length; k++) if (match(p, pi, s, k)) return true;
      return false;
    }
    if (si >= s.length) return false;
    const ch = s[si] as string;
    if (c === "?") {
      pi++;
    } else if (c === "[") {
      const b = bracket(p, pi);
      if (b === null) {
        if (ch !== "[") return false;
        pi++;
      } else {
        if (!b.test(ch)) return false;
        pi = b.end;
      }
    } else if (c === "\\") {
      // A trailing backslash matches nothing, as in glibc.
      if (pi + 1 >= p.length || p[pi + 1] !== ch) return false;
      pi += 2;
    } else {
      if (c !== ch) return false;
      pi++;
    }
    si++;
  }
  return si === s.length;
}

/** Whether `s` matches the shell pattern, by code point. */
export function fnmatch(pattern: string, s: string): boolean {
  // No wildcard, bracket or escape: only the same string matches (most update-environment
  // names, matched against every variable of every new session's client).
  if (!/[*?[\\]/.test(pattern)) return pattern === s;
  return match(Array.from(pattern), 0, Array.from(s), 0);
}
