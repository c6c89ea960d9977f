import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { TEST_ORIGIN } from './test-app';

export const PROCESS_SECRET = 'test-secret-test-secret-test-secret-1234';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * `src/server/main.ts` in a process of its own on PostgreSQL, as production runs it, healthy before this
 * resolves. `env` adds to or overrides the defaults (no demo data, warnings only).
 */
export async function startServerProcess(
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
  // Generous: the test files around it share the machine's two cores (decision 049).
  { healthyWithinMs = 60_000 } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: PROCESS_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: TEST_ORIGIN,
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    url,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const started = Date.now();
  while (Date.now() - started < healthyWithinMs) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited with ${child.exitCode}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.stop();
  throw new Error(`the server on port ${port} did not become healthy`);
}
