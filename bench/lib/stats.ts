// Small statistics for benchmark runs: medians of repeats, not means, on a shared machine.

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function mean(xs: readonly number[]): number {
  return xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length;
}

export const MIB = 1024 * 1024;

/** Bytes per second as MiB/s. */
export function mibPerSec(bytes: number, ns: number): number {
  return bytes / MIB / (ns / 1e9);
}

/** A byte count the way people read it: 64 KiB, 3.9 KiB, 812 B. */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n)) return "–";
  if (n >= MIB) return `${(n / MIB).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${Math.round(n)} B`;
}
