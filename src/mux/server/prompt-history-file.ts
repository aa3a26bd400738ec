// The history-file option: the prompt's history read after the config file and written when the
// server exits, as tmux's status_prompt_load_history / _save_history. Unreadable or unwritable
// files are passed over silently, as tmux does.
import { nodeFs } from "../../pty/node-fs.ts";
import { homedir } from "../lang/os-lazy.ts";
import type { Model } from "../model/index.ts";

/** history-file as a path: absolute, or "~/" under the home directory; anything else is none. */
export function historyFilePath(option: string, home: string | undefined): string | null {
  if (option.startsWith("/")) return option;
  if (option.startsWith("~/") && home) return home + option.slice(1);
  return null;
}

function pathOf(model: Model): string | null {
  return historyFilePath(model.serverOptions.getString("history-file"), process.env.HOME || homedir());
}

export function loadPromptHistory(model: Model): void {
  const path = pathOf(model);
  if (!path) return;
  try {
    model.promptHistory.load(nodeFs().readFileSync(path, "utf8"), model.serverOptions.getNumber("prompt-history-limit"));
  } catch {}
}

export function savePromptHistory(model: Model): void {
  const path = pathOf(model);
  if (!path) return;
  try {
    nodeFs().writeFileSync(path, model.promptHistory.save());
  } catch {}
}
