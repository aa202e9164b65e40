/** 1, 2, 4 … minutes after each failed attempt, at most an hour (the delivery outboxes'). */
export const backoffMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
