// Makes src/mux/server/default-keys.json: tmux's default bindings (lang/default-bindings.ts)
// parsed and run by a server as tmux's key_bindings_init does, saved as the tables they made.
// Run after changing the default bindings, the command table or the parser:
//   ./node_modules/.bin/bun scripts/gen-default-keys.ts
// test/mux/server/default-keys.test.ts fails while the file is out of date.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parsedDefaultKeys } from "../test/mux/server/parsed-default-keys.ts";

const out = join(import.meta.dir, "../src/mux/server/default-keys.json");
writeFileSync(out, `${JSON.stringify(parsedDefaultKeys())}\n`);
console.log(`wrote ${out}`);
