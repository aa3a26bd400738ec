// Preloaded by bun test (bunfig.toml): PTY and end-to-end tests start real processes on a
// shared 2-core machine, so each test gets a generous deadline; waits inside tests are shorter.
import { setDefaultTimeout } from "bun:test";

setDefaultTimeout(60_000);
