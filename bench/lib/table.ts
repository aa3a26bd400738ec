// Benchmark tables: one set of rows rendered for the terminal and as markdown.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export interface Table {
  headers: string[];
  /** Per column: numbers read best right-aligned. */
  align: ("left" | "right")[];
  rows: string[][];
}

/** Plain text with padded columns, for stdout. */
export function renderText(t: Table): string {
  const widths = t.headers.map((h, i) => Math.max(h.length, ...t.rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (t.align[i] === "right" ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(t.headers), widths.map((w) => "-".repeat(w)).join("  "), ...t.rows.map(line)].join("\n");
}

/** A GitHub-flavoured markdown table. */
export function renderMarkdown(t: Table): string {
  const esc = (c: string) => c.replaceAll("|", "\\|");
  const sep = t.align.map((a) => (a === "right" ? "---:" : "---"));
  return [t.headers, sep, ...t.rows].map((r) => `| ${r.map(esc).join(" | ")} |`).join("\n");
}

/** Write a markdown file, creating its folder. */
export function writeMarkdown(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text.endsWith("\n") ? text : text + "\n");
}
