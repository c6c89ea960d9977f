import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL server of the test's own (initdb, pg_ctl), for a test that must stop the database: the
 * shared one on TEST_DATABASE_URL belongs to every test running at the same time. Reachable over TCP on
 * 127.0.0.1 and through a Unix socket in its own directory.
 */
export interface OwnPostgres {
  /** postgres://…@127.0.0.1:port/postgres */
  tcpUrl: string;
  /** The same database through the Unix socket, as DATABASE_URL=postgres:///db?host=/run/postgresql would. */
  socketUrl: string;
  start(): void;
  stop(): void;
  /** Stops the server and removes its files. */
  remove(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = join(root, version, 'bin');
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  throw new Error('initdb not found under /usr/lib/postgresql/*/bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function createOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir();
  const root = mkdtempSync(join(tmpdir(), 'budrunde-own-pg-'));
  const data = join(root, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root; these machines run the tests as root, so it runs as postgres.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(root, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), -1);
  const run = (tool: string, args: string[]) => {
    const command = join(bin, tool);
    execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
      stdio: 'ignore',
    });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const own: OwnPostgres = {
    tcpUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://postgres@${encodeURIComponent(root)}:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(root, 'log'), '-w', 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    remove: () => {
      try {
        own.stop();
      } catch {
        // Stopped already.
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
  own.start();
  return own;
}
