// new-window targets as tmux takes them: a session alone means its next free index.
import { test, expect, afterEach } from "bun:test";
import { Weft } from "../helpers/weft.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

test("new-window -t session, session:, session:N and an index in use", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "w", "--", "sh");
  await weft.ok("new-window", "-d", "-t", "w", "--", "sh");
  await weft.ok("new-window", "-d", "-t", "w:", "--", "sh");
  await weft.ok("new-window", "-d", "-t", "w:7", "--", "sh");
  expect(await weft.ok("lsw", "-t", "w", "-F", "#I")).toBe("0\n1\n2\n7\n");
  const r = await weft.run("new-window", "-d", "-t", "w:7");
  expect(r).toMatchObject({ code: 1, stderr: "index 7 in use\n" });
});
