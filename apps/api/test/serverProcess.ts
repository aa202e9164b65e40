import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { childClockEnv } from './testClock';

const root = path.resolve(import.meta.dirname, '../../..');
const apiDir = path.join(root, 'apps/api');

let bundle: Promise<string> | undefined;

/**
 * The server of this working tree bundled as `npm run build` bundles it (apps/api/build.mjs), into a
 * directory of its own under apps/api so its packages resolve from node_modules: it starts several
 * times faster than through tsx, and never a stale apps/api/dist. Removed by `removeServerBuild`.
 */
function serverBundle(): Promise<string> {
  bundle ??= (async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(apiDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const outdir = path.join(apiDir, '.test-server', `${process.pid}-${randomBytes(3).toString('hex')}`);
    await build({
      entryPoints: { main: path.join(apiDir, 'src/main.ts') },
      outdir,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      external: [...Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@faktura/')), 'zod'],
      conditions: ['source'],
      logLevel: 'error',
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
    return path.join(outdir, 'main.js');
  })();
  return bundle;
}

export async function removeServerBuild(): Promise<void> {
  if (!bundle) return;
  const main = await bundle.catch(() => undefined);
  bundle = undefined;
  if (main) fs.rmSync(path.dirname(main), { recursive: true, force: true });
}

/** A free TCP port on the loopback interface (the kernel's choice, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output: () => string;
  /** Resolves once it listens; rejects with its output if it exits first. */
  ready: Promise<void>;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>;
}

/**
 * Starts the real server (src/main.ts, bundled as for production) as a child process with the given
 * configuration. Quiet logs and no automatic backups unless the caller says otherwise.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const main = await serverBundle();
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'warn',
      FAKTURA_BACKUP_KEEP: '0',
      PORT: String(port),
      ...childClockEnv(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (text.includes('Faktura is running at')) {
        clearInterval(timer);
        resolve();
      }
    }, 25);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited (${String(code)}) before listening:\n${text}`));
    });
  });
  ready.catch(() => undefined);
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => text, ready, exited };
}

/** Ends a server politely (SIGTERM) or not (SIGKILL) and waits until it is gone. */
export async function stopServer(server: ServerProcess, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill(signal);
  await server.exited;
}
