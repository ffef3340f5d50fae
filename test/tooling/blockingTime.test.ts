import { describe, expect, it } from 'vitest';
import { blockingTime } from '../../bench/stats';

describe("the bench's total blocking time", () => {
  it("adds up each long task's time beyond 50 ms", () => {
    expect(
      blockingTime([
        { start: 0, duration: 120 },
        { start: 200, duration: 50 },
        { start: 300, duration: 80 },
      ]),
    ).toBe(100);
  });

  it('counts from the first contentful paint, as the metric is defined: earlier tasks not at all, a task across it from it', () => {
    const tasks = [
      { start: 0, duration: 100 },
      { start: 150, duration: 200 },
      { start: 400, duration: 90 },
    ];
    expect(blockingTime(tasks, 250)).toBe(50 + 40);
    expect(blockingTime(tasks, 0)).toBe(50 + 150 + 40);
  });
});
