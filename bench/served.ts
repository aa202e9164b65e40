import type { ChildProcessWithoutNullStreams, ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

/**
 * What a serving child process (`bench/run.ts --serve`, `--serve-apart`) prints once it listens: the
 * first line of its standard output that is a JSON object starting with its URL.
 */
export function servedBy<T>(child: ChildProcessWithoutNullStreams | ChildProcessByStdio<null, Readable, null>, name: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"url"'));
      if (line) resolve(JSON.parse(line) as T);
    });
    child.once('exit', (code) => reject(new Error(`${name} ended (${code})`)));
  });
}
