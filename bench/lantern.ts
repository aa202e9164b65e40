/**
 * Where Lighthouse's simulated LCP goes, node by node (a reading aid for P5, not a benchmark):
 *
 *   BENCH_WEB_REPORT=/tmp/lh BENCH_WEB_TRACES=1 npm run bench:web
 *   node --import tsx bench/lantern.ts /tmp/lh/invoices-<time>.artifacts.json
 *
 * Recomputes the LCP of one saved run with Lighthouse's own model (Lantern) and prints the nodes of
 * its optimistic and pessimistic graphs (the LCP is their mean) in simulated time: each request's
 * start and end and bytes, each main-thread task's start and length on the throttled CPU.
 */
import fs from 'node:fs';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

interface SimNode {
  type: string;
  id: string;
  _request?: { url: string; transferSize: number; connectionId: number; connectionReused: boolean };
  _childEvents?: { name: string; args?: { data?: { url?: string } } }[];
}
type Timings = Map<SimNode, { startTime: number; endTime: number }>;

const file = process.argv[2];
if (!file) throw new Error('usage: bench/lantern.ts <invoices-….artifacts.json>');
/** What bench/web.ts saves of a run (BENCH_WEB_TRACES), typed only as far as it is passed on. */
interface Saved {
  Trace: never;
  DevtoolsLog: never;
  GatherContext: never;
  settings: never;
  URL: never;
  SourceMaps: never;
}
const artifacts = JSON.parse(fs.readFileSync(file, 'utf8')) as Saved;
const computed: unknown = await LanternLargestContentfulPaint.request(
  { trace: artifacts.Trace, devtoolsLog: artifacts.DevtoolsLog, gatherContext: artifacts.GatherContext, settings: artifacts.settings, URL: artifacts.URL, SourceMaps: artifacts.SourceMaps, simulator: null },
  { computedCache: new Map() },
);
const result = computed as { timing: number; optimisticEstimate: { timeInMs: number; nodeTimings: Timings }; pessimisticEstimate: { timeInMs: number; nodeTimings: Timings } };

const label = (node: SimNode) => {
  if (node.type === 'network' && node._request) {
    const r = node._request;
    return `${new URL(r.url).pathname}${new URL(r.url).search} (${(r.transferSize / 1024).toFixed(1)} KiB, connection ${r.connectionId}${r.connectionReused ? ' reused' : ''})`;
  }
  const names = [...new Set((node._childEvents ?? []).map((e) => e.name).filter((n) => /Evaluate|evaluateModule|Layout|Paint|ParseHTML|ParseAuthor|FunctionCall|compile|RunMicrotasks|TimerFire/.test(n)))];
  const urls = [...new Set((node._childEvents ?? []).map((e) => e.args?.data?.url).filter(Boolean).map((u) => new URL(u!).pathname))];
  return `task ${names.slice(0, 5).join(',')} ${urls.slice(0, 3).join(',')}`;
};
for (const [name, estimate] of [['optimistic', result.optimisticEstimate], ['pessimistic', result.pessimisticEstimate]] as const) {
  console.log(`\n${name}: ${Math.round(estimate.timeInMs)} ms`);
  const rows = [...estimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, t] of rows) console.log(`  ${String(Math.round(t.startTime)).padStart(6)} → ${String(Math.round(t.endTime)).padStart(6)}  ${label(node)}`);
}
console.log(`\nLCP (mean): ${Math.round(result.timing)} ms`);
