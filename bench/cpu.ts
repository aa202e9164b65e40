/**
 * `node --conditions=source --import tsx bench/cpu.ts [--postgres] [--amount=3000] [--rounds=3]`: the
 * server's CPU time per request of the invoice list and detail against their floors (issue 33 item 2),
 * read from another process. Starts `bench/run.ts --serve` (10k invoices; PostgreSQL with
 * BENCH_DATABASE_URL and --postgres) as a child, loads each path with autocannon from this process,
 * and divides the child's user+system CPU time (Linux: /proc/<pid>/stat) by the requests answered.
 * The load does not count (it runs here), nor does PostgreSQL's own CPU: what Node spends per request,
 * which a busy machine slows but does not inflate, unlike req/s and p99 (docs/performance.md).
 * Rounds are interleaved; the table shows medians.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { servedBy } from './served';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const postgres = process.argv.includes('--postgres');
const amount = arg('amount', 3000);
const rounds = arg('rounds', 3);
const TICKS_PER_SECOND = 100;

interface Served {
  url: string;
  token: string;
  detailId: number;
  listFloor: string;
  detailFloor: string;
}

function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

async function main(): Promise<void> {
  const child = spawn(process.execPath, ['--expose-gc', '--conditions=source', '--import', 'tsx', 'bench/run.ts', postgres ? '--serve=postgres' : '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  const served = await servedBy<Served>(child, 'the server');
  const pid = child.pid ?? 0;
  const auth = { authorization: `Bearer ${served.token}` };
  const invoices = 10_000;
  const pick = () => served.detailId + Math.floor(Math.random() * invoices);
  const targets: { name: string; url: string; connections: number; headers?: Record<string, string>; random?: boolean }[] = [
    { name: 'list (API)', url: `${served.url}/api/v1/invoice/list`, connections: 50, headers: auth },
    { name: 'list floor', url: served.listFloor, connections: 50 },
    { name: 'detail of one invoice (API)', url: `${served.url}/api/v1/invoice/${served.detailId}`, connections: 10, headers: auth },
    { name: 'detail floor (that invoice)', url: served.detailFloor, connections: 10 },
    { name: 'detail of random invoices (API)', url: served.url, connections: 10, headers: auth, random: true },
  ];
  const samples = new Map<string, number[]>();
  const rates = new Map<string, number[]>();
  try {
    for (let round = 0; round <= rounds; round++) {
      for (const target of targets) {
        const before = cpuSeconds(pid);
        const started = performance.now();
        let lastAnswer = started;
        const running = autocannon({
          url: target.url,
          connections: target.connections,
          amount,
          ...(target.headers ? { headers: target.headers } : {}),
          ...(target.random ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: `/api/v1/invoice/${pick()}` }) }] } : {}),
        });
        // without a callback autocannon returns its running instance, which is also a promise of the
        // result; with an amount of requests it ends on its next one-second tick, so its duration is
        // whole seconds: the throughput is timed to the last answer instead
        (running as unknown as autocannon.Instance).on('response', () => {
          lastAnswer = performance.now();
        });
        const result = await running;
        if (result.non2xx || result.errors) throw new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        // round 0 warms up
        if (round > 0) {
          samples.set(target.name, [...(samples.get(target.name) ?? []), ((cpuSeconds(pid) - before) * 1e6) / result['2xx']]);
          // throughput too: the server in a process of its own, the load generator in this one
          rates.set(target.name, [...(rates.get(target.name) ?? []), result['2xx'] / ((lastAnswer - started) / 1000 || 1)]);
        }
      }
    }
  } finally {
    child.kill('SIGINT');
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const us = (name: string) => median(samples.get(name) ?? []);
  console.log(`CPU per request, ${postgres ? 'PostgreSQL' : 'SQLite'}, ${amount} requests × ${rounds} rounds, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  for (const target of targets) console.log(`${target.name.padEnd(34)} ${us(target.name).toFixed(0).padStart(6)} µs   (${(samples.get(target.name) ?? []).map((s) => s.toFixed(0)).join(', ')})`);
  console.log(`list: floor ÷ API ${(us('list floor') / us('list (API)')).toFixed(2)}x (as P1/P1°, higher is better)`);
  const perSecond = (name: string) => median(rates.get(name) ?? []);
  console.log(
    `list by throughput, served from its own process: ${perSecond('list (API)').toFixed(0)} vs ${perSecond('list floor').toFixed(0)} req/s, ${(perSecond('list (API)') / perSecond('list floor')).toFixed(2)}x (P1/P1° measured outside the server's process)`,
  );
  console.log(`detail of one invoice: API ÷ floor ${(us('detail of one invoice (API)') / us('detail floor (that invoice)')).toFixed(2)}x (lower is better)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
