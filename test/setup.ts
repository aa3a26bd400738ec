// Preloaded by bun test (bunfig.toml). PTY and end-to-end tests start real processes on a
// shared 2-core machine, so each test gets a generous deadline; waits inside tests are shorter.
// `npm test` also passes --timeout 60000: in whole-suite runs bun 1.4.5 did not always apply
// this default to every file.
import { setDefaultTimeout } from "bun:test";

setDefaultTimeout(60_000);
