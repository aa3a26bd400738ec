// What customize-mode's preview box says of the current item, as tmux's window_customize_draw_option
// and window_customize_draw_key: an option's description, scope, value (what a format expands
// to, the choices, an example in a colour or style), default and the values it overrides; a key's
// note, table, repeat and command.
import { packTmuxStyle } from "../../render/index.ts";
import { COLOUR_DEFAULT } from "../../mux/model/colour.ts";
import { parseStyle } from "../../mux/model/style.ts";
import { OPTION_TEXTS } from "../../mux/model/option-texts.ts";
import { scalarToString, type OptionEntry, type Options } from "../../mux/model/index.ts";
import type { Binding } from "../../mux/lang/bindings.ts";
import type { CommandContext } from "./context.ts";
import type { PreviewContent } from "../../mux/client/mode-box.ts";
import { PreviewText } from "../../mux/client/preview-text.ts";
import type { OptionTableEntry } from "../../mux/model/options-table.ts";

/** What the preview needs of customize-mode: its items' trees and the target's formats. */
export interface CustomizeView {
  readonly t: CommandContext["target"];
  tree(scope: OptionPreviewItem["scope"]): Options;
  expand(fmt: string, extra: Record<string, string | number>): string;
  commandText(b: Binding): string;
}

export interface OptionPreviewItem {
  name: string;
  scope: "server" | "global-session" | "session" | "global-window" | "window" | "pane";
  index: number | null;
}

export interface KeyPreviewItem {
  table: string;
  binding: Binding;
}

function scopeName(t: OptionTableEntry | undefined): string {
  if (!t) return "user";
  if (t.scope.includes("window") && t.scope.includes("pane")) return "window and pane";
  if (t.scope.includes("window")) return "window";
  if (t.scope.includes("session")) return "session";
  return "server";
}

function defaultText(t: OptionTableEntry): string {
  const d = t.default;
  if (typeof d === "boolean") return d ? "on" : "off";
  return Array.isArray(d) ? d.join(t.separator?.[0] === " " || t.separator === undefined ? " " : t.separator) : String(d);
}

export function optionPreview(c: CustomizeView, item: OptionPreviewItem, width: number, height: number): PreviewContent {
  const out = new PreviewText(width, height);
  const o = c.tree(item.scope).lookup(item.name);
  if (!o) return out.content();
  write(out, c, item, o);
  return out.content();
}

/** The parts in order; each stops the rest once the box is full. */
function write(out: PreviewText, c: CustomizeView, item: OptionPreviewItem, o: OptionEntry): void {
  const t = o.table;
  const info = OPTION_TEXTS[item.name];
  const unit = info?.unit ? ` ${info.unit}` : "";
  if (!out.text(info?.text ?? "This option doesn't have a description.") || !out.skip()) return;
  if (!out.text(`This is a ${scopeName(t)} option.`)) return;
  if (t?.array) {
    if (!out.text(item.index !== null ? `This is an array option, index ${item.index}.` : "This is an array option.")) return;
    if (item.index === null) return;
  }
  if (!out.skip()) return;
  const value = valueText(o, item.index);
  if (!out.text(`Option value: ${value}${unit}`)) return;
  if (!t || t.type === "string") {
    const expanded = c.expand(value, {});
    if (expanded !== value && !out.text(`This expands to: ${expanded}`)) return;
  }
  if (t?.type === "choice" && !out.text(`Available values are: ${(t.choices ?? []).join(", ")}`)) return;
  if (t?.type === "colour" || t?.style) {
    if (!out.text(t.type === "colour" ? "This is a colour option: " : "This is a style option: ", true)) return;
    const style = parseStyle(t.type === "colour" ? `fg=${value}` : value.includes("#{") ? "default" : value);
    const cell = style ?? { fg: COLOUR_DEFAULT, bg: COLOUR_DEFAULT, attr: 0 };
    if (!out.text("EXAMPLE", false, packTmuxStyle(cell))) return;
  }
  const def = t && item.index === null ? defaultText(t) : null;
  if (def !== null && def !== value && !out.text(`The default is: ${def}${unit}`)) return;
  if (!out.skip(true)) return;
  if (t?.array) return;
  // The values this one's tree hides: the window's under a pane's, the global one under a local one.
  if (item.scope === "pane") {
    const w = c.tree("window").getOnly(item.name);
    const wl = c.t.winlink ?? c.t.session.linkOf(c.t.window);
    if (w && !out.text(`Window value (from window ${wl?.index ?? 0}): ${valueText(w, null)}${unit}`)) return;
  }
  const globalScope = item.scope === "session" ? "global-session" : item.scope === "window" || item.scope === "pane" ? "global-window" : null;
  if (globalScope) {
    const g = c.tree(globalScope).getOnly(item.name);
    if (g && !out.text(`Global value: ${valueText(g, null)}${unit}`)) return;
  }
}

/** An option's value as the tree shows it (options_to_string); arrays item by item. */
export function valueText(o: OptionEntry, index: number | null): string {
  const v = o.value;
  if (v instanceof Map) return index === null ? "" : scalarToString(o.table, v.get(index) ?? "");
  return scalarToString(o.table, v);
}

export function keyPreview(c: CustomizeView, item: KeyPreviewItem, width: number, height: number): PreviewContent {
  const out = new PreviewText(width, height);
  const b = item.binding;
  const note = b.note ?? "There is no note for this key.";
  const period = note !== "" && !note.endsWith(".") ? "." : "";
  if (out.text(`${note}${period}`) && out.skip() && out.text(`This key is in the ${item.table} table.`) && out.text(`This key ${b.repeat ? "does" : "does not"} repeat.`) && out.skip()) {
    out.text(`Command: ${c.commandText(b)}`);
  }
  return out.content();
}
