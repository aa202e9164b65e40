import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { usePrivateUmask } from '../db/dataDir';
import { openDatabase } from '../db/connection';
import { verifyChain } from '../modules/audit';
import { verifyOriginals } from '../modules/inbox';

const USAGE = `Usage:
  npm run audit -- verify
      Walks the audit trail from its first entry and checks the SHA-256 chain: every entry must
      follow the previous one and match its own hash. Names the first broken entry and exits 1;
      exits 0 and prints the newest entry's hash when the trail is intact (note it down
      somewhere else now and then: a trail rewritten from that entry on would no longer match it).
      Then re-reads every received e-invoice's original XML and checks it against the SHA-256 and
      size recorded when it was received; names each one that differs and exits 1.
Uses the same database as the server (DATABASE_URL or FAKTURA_DATA_DIR).`;

async function run(): Promise<number> {
  usePrivateUmask(); // what it creates in the data directory is the user's alone (decision 023)
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean' } },
  });
  if (values.help || positionals.length !== 1 || positionals[0] !== 'verify') {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const { db, location } = openDatabase(loadConfig());
  try {
    const result = await verifyChain(db);
    const originals = await verifyOriginals(db);
    for (const { id, problem } of originals.broken)
      console.error(`Received e-invoice ${String(id)} ALTERED (${location}): ${problem}.`);
    if (!result.ok) {
      console.error(`Audit trail BROKEN at entry ${result.brokenAt} (${location}): ${result.problem}.`);
      console.error(
        result.entries > 0
          ? `Entries 1 to ${result.entries} are intact.`
          : 'No entry before it is intact: the trail is broken from its first entry on.',
      );
      return 1;
    }
    console.log(`Audit trail intact: ${result.entries} entries (${location}).`);
    console.log(`Newest entry's hash: ${result.head}`);
    if (originals.broken.length > 0) {
      console.error(`${String(originals.broken.length)} received e-invoice(s) no longer match what was received; ${String(originals.intact)} do.`);
      return 1;
    }
    console.log(`Received e-invoices intact: ${String(originals.intact)} originals match their SHA-256.`);
    return 0;
  } finally {
    await db.destroy();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(
      /audit_(log|head)|received_document/.test(message)
        ? `This database has no audit trail yet: start the server once so it migrates (${message})`
        : message,
    );
    process.exit(1);
  },
);
