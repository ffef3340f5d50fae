export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

export function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

/** A task blocks input for its time beyond this (the long-task threshold). */
const BLOCKING_MS = 50;

/** Each long task's time beyond 50 ms, its part before `from` left out (Lighthouse's clipping). */
export function blockingTime(tasks: readonly { start: number; duration: number }[], from = 0): number {
  let total = 0;
  for (const task of tasks) {
    const counted = task.start + task.duration - Math.max(task.start, from);
    if (counted > BLOCKING_MS) total += counted - BLOCKING_MS;
  }
  return total;
}
