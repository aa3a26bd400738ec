// The runtime half of `npm run depcheck`: no cycle of runtime imports anywhere in src/.
// dependency-cruiser (.dependency-cruiser.cjs) parses with swc, which cannot tell `import type`
// from an import, so it checks the layering with types included; this check leaves out what
// TypeScript erases (`import type`, `export type ... from`) and fails on any cycle that is left,
// inside a folder too (session ↔ window know each other by type only, and may).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(import.meta.dir, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith(".ts") ? [p] : [];
  });
}

/** The relative modules a file loads at run time (static imports and re-exports, type-only ones left out). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  const re = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']/gm;
  for (const m of text.matchAll(re)) {
    if (m[2]) continue; // `import type` / `export type`: erased
    out.push(resolve(dirname(file), m[3]!));
  }
  return out;
}

function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (n: string): string[] | null => {
    if (state.get(n) === "done") return null;
    if (state.get(n) === "open") return [...stack.slice(stack.indexOf(n)), n];
    state.set(n, "open");
    stack.push(n);
    for (const d of graph.get(n) ?? []) {
      const c = visit(d);
      if (c) return c;
    }
    stack.pop();
    state.set(n, "done");
    return null;
  };
  for (const n of graph.keys()) {
    const c = visit(n);
    if (c) return c;
  }
  return null;
}

const graph = new Map<string, string[]>();
for (const f of sources(join(root, "src"))) graph.set(f, runtimeImports(f));
const cycle = findCycle(graph);
if (cycle) {
  console.error(`runtime import cycle: ${cycle.map((f) => relative(root, f)).join(" → ")}`);
  process.exit(1);
}
console.log(`✔ no runtime import cycle (${graph.size} modules)`);
