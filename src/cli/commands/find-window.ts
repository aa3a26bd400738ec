// find-window (findw): choose-tree over the windows whose pane content (-C), name (-N) or pane
// title (-T) matches, all three by default; -r a regular expression, -i ignoring case, -Z zoomed.
// As tmux 3.3a, it is choose-tree with a filter built from the match.
import { flag } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { chooseTree } from "./choose-tree.ts";

/** The filter tmux builds: #{C:} for content, #{m:*text*} on window_name and pane_title. */
export function findFilter(text: string, content: boolean, name: boolean, title: boolean, suffix: string): string {
  const parts: string[] = [];
  if (content) parts.push(`#{C${suffix}:${text}}`);
  if (name) parts.push(`#{m${suffix}:*${text}*,#{window_name}}`);
  if (title) parts.push(`#{m${suffix}:*${text}*,#{pane_title}}`);
  // tmux nests #{||:a,#{||:b,c}} for all three, #{||:a,b} for two.
  return parts.reduceRight((acc, p) => (acc === "" ? p : `#{||:${p},${acc}}`), "");
}

export const findWindow: CommandEntry = {
  name: "find-window",
  alias: ["findw"],
  usage: "[-CiNrTZ] [-t target-pane] match-string",
  args: "CiNrTZt:",
  minArgs: 1,
  maxArgs: 1,
  target: "pane",
  exec(ctx) {
    const a = ctx.args;
    const none = !flag(a, "C") && !flag(a, "N") && !flag(a, "T");
    const suffix = flag(a, "r") && flag(a, "i") ? "/ri" : flag(a, "r") ? "/r" : flag(a, "i") ? "/i" : "";
    const filter = findFilter(a.positional[0] ?? "", none || flag(a, "C"), none || flag(a, "N"), none || flag(a, "T"), suffix);
    const flags = new Map<string, string | true>([["f", filter]]);
    if (flag(a, "Z")) flags.set("Z", true);
    return chooseTree.exec({ ...ctx, args: { flags, all: new Map([["f", [filter]]]), positional: [], values: [] } });
  },
};
