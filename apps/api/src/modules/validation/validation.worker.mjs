// The validation worker (decision 036): a thread of its own, so that checking a received e-invoice
// (0.3-1 s of CPU each) never holds up the server's requests. It loads the compiled stylesheets and
// the schemas once (`workerData`), then answers `{ id, xml }` messages with `{ id, report }` or
// `{ id, error }`, one at a time.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { createRules, schemaFiles } from './rules.mjs';

const { sefPaths, schemaDir } = workerData;
const rules = createRules({
  en16931: JSON.parse(fs.readFileSync(sefPaths.en16931, 'utf8')),
  hrCius: JSON.parse(fs.readFileSync(sefPaths.hrCius, 'utf8')),
  schemas: schemaFiles(schemaDir),
});

parentPort.on('message', async ({ id, xml }) => {
  try {
    parentPort.postMessage({ id, report: await rules.validate(xml) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
