import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, type ServerProcess, startProcess } from './server-process';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// BENCH_SERVER_ENTRY: another build's main.js (another checkout's dist/server/main.js, which finds that
// checkout's migrations), to compare two builds on the same machine in alternating runs.
const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY
  ? resolve(process.env.BENCH_SERVER_ENTRY)
  : join(ROOT, 'dist/server/main.js');
const HELLO_ENTRY = join(ROOT, 'scripts/bench/hello-server.ts');
const PROFILE_DIR = process.env.BENCH_CPU_PROF_DIR ? resolve(process.env.BENCH_CPU_PROF_DIR) : null;

/** esbuild of the server only (well under a second); the client bundle is not needed for the API. */
export function buildServer(): void {
  execFileSync('npm', ['run', '--silent', 'build:server'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing after the build`);
}

export function requireBuiltServer(): void {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` (or drop --no-build)`);
  }
}

export interface BudrundeOptions {
  databaseUrl: string;
  sessionSecret: string;
  dataDir: string;
  /** Where mail goes: the SMTP sink on this port, or the database outbox. */
  smtpPort?: number;
  /** More environment for this server (e.g. NOTIFY_WINDOW_S). */
  env?: Record<string, string>;
}

/** `node dist/server/main.js` on a free port, ready once GET /api/health answers 200. */
export async function startBudrunde(options: BudrundeOptions): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    SESSION_SECRET: options.sessionSecret,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: options.dataDir,
    // One client address and a few users send all the load; the general API limits would refuse most of it.
    RATE_LIMIT_ADDRESS_PER_MIN: '0',
    RATE_LIMIT_USER_PER_MIN: '0',
    SMS_PROVIDER: 'log',
    ...(options.smtpPort
      ? { MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}` }
      : { MAIL_TRANSPORT: 'outbox' }),
    ...options.env,
  };
  return startProcess({
    name: 'budrunde server',
    command: process.execPath,
    // BENCH_CPU_PROF_DIR: a V8 CPU profile of each server process, written there when it stops.
    args: [...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []), SERVER_ENTRY],
    env,
    // Not the repository: a developer's .env there must not change what is measured.
    cwd: options.dataDir,
    port,
    readyPath: '/api/health',
  });
}

/** The plain Fastify hello-world process the read figure is compared with. */
export async function startHello(): Promise<ServerProcess> {
  const port = await freePort();
  return startProcess({
    name: 'hello server',
    command: process.execPath,
    args: ['--import', 'tsx', HELLO_ENTRY],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', PORT: String(port) },
    cwd: ROOT,
    port,
    readyPath: '/',
  });
}
