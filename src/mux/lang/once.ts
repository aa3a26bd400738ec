// A value made at its first use and kept: for tables a server may never read, whose building
// at load (interpreted, as the executable starts) was part of every server's start.

export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}
