import fs from 'node:fs';

/**
 * What the journeys' server logged during one journey, read when the journey failed: which requests
 * had no answer yet, which took long, which were refused (4xx, 5xx), and every warning or error (the
 * server says when the whole process was held, `apps/api/src/http/stallWatch.ts`). A journey that
 * waited in vain for a screen then says whether the server never answered, answered late, refused,
 * or answered and the screen did not show it.
 */

interface Line {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  blockedMs?: number;
  err?: { message?: string };
}

const SLOW_MS = 2000;

/** The size of the log now: where a journey's own lines begin. */
export function logSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** The log from `from` on. */
export function logSince(file: string, from: number): string {
  try {
    const handle = fs.openSync(file, 'r');
    try {
      const size = fs.fstatSync(handle).size;
      const buffer = Buffer.alloc(Math.max(0, size - from));
      fs.readSync(handle, buffer, 0, buffer.length, from);
      return buffer.toString('utf8');
    } finally {
      fs.closeSync(handle);
    }
  } catch {
    return '';
  }
}

const clock = (time: number | undefined) => (time === undefined ? '?' : new Date(time).toISOString().slice(11, 23));

/** A few lines for a failure's output: unanswered, slow and refused requests, warnings and errors. */
export function summarizeServerLog(text: string, endedAt = Date.now()): string {
  const incoming = new Map<string, Line>();
  const completed = new Map<string, Line>();
  const notes: string[] = [];
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    let line: Line;
    try {
      line = JSON.parse(raw) as Line;
    } catch {
      notes.push(`  printed: ${raw.slice(0, 300)}`);
      continue;
    }
    if (line.msg === 'incoming request' && line.reqId) incoming.set(line.reqId, line);
    else if ((line.msg === 'request completed' || line.msg === 'request errored') && line.reqId) completed.set(line.reqId, line);
    if ((line.level ?? 0) >= 40) {
      const detail = line.blockedMs !== undefined ? ` (${line.blockedMs} ms)` : line.err?.message ? `: ${line.err.message}` : '';
      notes.push(`  ${clock(line.time)} ${line.level === 40 ? 'warning' : 'error'}: ${line.msg ?? ''}${detail}`);
    }
  }
  const request = (line: Line | undefined) => `${line?.req?.method ?? '?'} ${line?.req?.url ?? '?'}`;
  const unanswered = [...incoming].filter(([id]) => !completed.has(id));
  const slow = [...completed.values()].filter((line) => (line.responseTime ?? 0) >= SLOW_MS);
  const refused = [...completed.values()].filter((line) => (line.res?.statusCode ?? 0) >= 400);
  const out = ['the journeys\' server during this journey:'];
  for (const [, line] of unanswered) {
    out.push(`  unanswered: ${request(line)}, asked at ${clock(line.time)}, ${Math.round((endedAt - (line.time ?? endedAt)) / 1000)} s before the journey ended`);
  }
  for (const line of slow) {
    out.push(`  slow: ${request(line)} answered ${line.res?.statusCode ?? '?'} at ${clock(line.time)} after ${Math.round(line.responseTime ?? 0)} ms`);
  }
  for (const line of refused) {
    out.push(`  answered ${line.res?.statusCode ?? '?'}: ${request(line)} at ${clock(line.time)}`);
  }
  out.push(...notes);
  if (out.length === 1) out.push(`  ${completed.size} requests, each answered below 400 within ${SLOW_MS / 1000} s; no warning, no error`);
  return out.join('\n') + '\n';
}
