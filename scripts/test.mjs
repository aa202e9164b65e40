#!/usr/bin/env node
// `npm test`: the whole suite. Vitest (shared rules, API on SQLite and, with TEST_DATABASE_URL, on
// PostgreSQL, web components), then the Playwright journeys in Chromium against the built app.
// Says what it skipped and why, and ends with one line: "total: N passed, N failed, N skipped".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.test-output');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

const chromium = process.env.FAKTURA_CHROMIUM || '/usr/bin/chromium';
const skipped = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// The journeys run against the built app. The build starts now, beside Vitest (it reads only the
// sources and writes only apps/*/dist, which no Vitest test reads), and its output is printed once
// Vitest has finished: the two together take less time than one after the other.
const e2e = process.env.FAKTURA_SKIP_E2E !== '1' && fs.existsSync(chromium);
let build;
if (e2e) {
  const buildLog = path.join(out, 'build.log');
  const log = fs.openSync(buildLog, 'w');
  const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', log, log] });
  build = new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  }).then((status) => {
    fs.closeSync(log);
    return { status, output: fs.readFileSync(buildLog, 'utf8') };
  });
}

// 1. Vitest
if (!process.env.TEST_DATABASE_URL) {
  skipped.push('API tests on PostgreSQL, including the pg_dump/pg_restore round trip: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
}
if (!process.env.FAKTURA_FISCAL_TEST_P12) {
  skipped.push('fiscalization against the Tax Administration\'s real TEST service (opt-in, needs the internet and a demo certificate): FAKTURA_FISCAL_TEST_P12 and FAKTURA_FISCAL_TEST_PASSWORD are not set; the service double is used instead');
}
const vitestJson = path.join(out, 'vitest.json');
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const vitest = readJson(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (vitestStatus !== 0) exitCode = 1;
if (vitestStatus !== 0 && !vitest) totals.failed += 1;

// 2. Playwright journeys in Debian's Chromium
if (process.env.FAKTURA_SKIP_E2E === '1') {
  skipped.push('browser journeys: FAKTURA_SKIP_E2E=1');
} else if (!fs.existsSync(chromium)) {
  skipped.push(`browser journeys: no Chromium at ${chromium} (apt-get install -y chromium, or set FAKTURA_CHROMIUM)`);
} else {
  const { status: built, output } = await build;
  process.stdout.write(`\n> npm run build (run beside Vitest)\n${output}`);
  if (built !== 0) {
    exitCode = 1;
    totals.failed += 1;
    console.error('\nThe build failed, so the browser journeys could not run.');
  } else {
    const pwJson = path.join(out, 'playwright.json');
    const status = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
    const report = readJson(pwJson);
    if (report?.stats) {
      totals.passed += report.stats.expected + (report.stats.flaky ?? 0);
      totals.failed += report.stats.unexpected;
      totals.skipped += report.stats.skipped;
    } else if (status !== 0) {
      totals.failed += 1;
    }
    if (status !== 0) exitCode = 1;
  }
}

console.log('');
for (const note of skipped) console.log(`skipped: ${note}`);
if (skipped.length === 0) console.log('Nothing was skipped: unit, API (SQLite and PostgreSQL), components and browser journeys all ran.');
console.log(`total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));
