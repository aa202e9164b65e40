/**
 * What-ifs on one saved run of /Invoices (a reading aid for P5, like bench/lantern.ts): recomputes
 * Lighthouse's simulated LCP with a request's size changed or the request taken out of the saved
 * network log, so one can see which change the model would reward before building it.
 *
 *   BENCH_WEB_REPORT=/tmp/lh BENCH_WEB_TRACES=1 npm run bench:web
 *   node --import tsx bench/lanternWhatIf.ts /tmp/lh/invoices-<time>.artifacts.json
 *
 * The model moves in whole round trips (150 ms): most small changes print the same figure.
 */
import fs from 'node:fs';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

interface LogEntry {
  method: string;
  params: { requestId?: string; request?: { url: string }; encodedDataLength?: number };
}
interface Saved {
  Trace: never;
  DevtoolsLog: LogEntry[];
  GatherContext: never;
  settings: never;
  URL: never;
  SourceMaps: never;
}

const file = process.argv[2];
if (!file) throw new Error('usage: bench/lanternWhatIf.ts <invoices-….artifacts.json>');
const artifacts = JSON.parse(fs.readFileSync(file, 'utf8')) as Saved;

async function lcp(change: (log: LogEntry[]) => LogEntry[]): Promise<number> {
  const devtoolsLog = change(structuredClone(artifacts.DevtoolsLog));
  const computed: unknown = await LanternLargestContentfulPaint.request(
    { trace: artifacts.Trace, devtoolsLog: devtoolsLog as never, gatherContext: artifacts.GatherContext, settings: artifacts.settings, URL: artifacts.URL, SourceMaps: artifacts.SourceMaps, simulator: null },
    { computedCache: new Map() },
  );
  return Math.round((computed as { timing: number }).timing);
}

/** The id of the first request whose address contains `part`. */
const idOf = (log: LogEntry[], part: string) => log.find((entry) => entry.method === 'Network.requestWillBeSent' && entry.params.request?.url.includes(part))?.params.requestId;
const smaller = (part: string, bytes: number) => (log: LogEntry[]) => {
  const id = idOf(log, part);
  for (const entry of log) if (entry.params.requestId === id && entry.method === 'Network.loadingFinished') entry.params.encodedDataLength! -= bytes;
  return log;
};
const without = (part: string) => (log: LogEntry[]) => {
  const id = idOf(log, part);
  return log.filter((entry) => entry.params.requestId !== id);
};

console.log(`as saved: ${await lcp((log) => log)} ms`);
const steps: string[] = [];
for (let kib = 2; kib <= 30; kib += 2) steps.push(`${kib}: ${await lcp(smaller('/assets/index-', kib * 1024))}`);
console.log(`the entry smaller by N KiB: ${steps.join(', ')}`);
for (const [what, part] of [['the first texts', '/assets/first-'], ["the list's page", '/api/v1/invoice/list'], ['the style sheet', '.css'], ["the runtime's file", 'rolldown-runtime']]) {
  console.log(`without ${what}: ${idOf(artifacts.DevtoolsLog, part!) ? `${await lcp(without(part!))} ms` : 'not in this run'}`);
}
