import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { sleep } from './stats';

/** A spawned process that answers HTTP on 127.0.0.1. */
export interface ServerProcess {
  name: string;
  pid: number;
  port: number;
  baseUrl: string;
  /** Resident memory in bytes, from /proc/<pid>/status (VmRSS). */
  rss(): number;
  /** CPU time used so far (user + system), ms, from /proc/<pid>/stat. */
  cpuMs(): number;
  /** The last lines the process wrote, for error messages. */
  outputTail(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  port: number;
  /** Answered with 200 once the process is ready. */
  readyPath: string;
  readyTimeoutMs?: number;
}

const OUTPUT_LIMIT = 16_384;
// Every process started here, so that a failure or ^C anywhere still ends them all.
const running = new Set<ServerProcess>();

/** A free TCP port on 127.0.0.1: the kernel picks one, and it is released for the child to take. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startProcess(options: StartOptions): Promise<ServerProcess> {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name}: could not start ${options.command}`);

  const baseUrl = `http://127.0.0.1:${options.port}`;
  const proc: ServerProcess = {
    name: options.name,
    pid,
    port: options.port,
    baseUrl,
    rss: () => readRss(pid),
    cpuMs: () => readCpuMs(pid),
    outputTail: () => output.split('\n').slice(-15).join('\n'),
    stop: async () => {
      running.delete(proc);
      await stopChild(child, exited);
    },
  };
  running.add(proc);
  try {
    await waitUntilReady(proc, child, options.readyPath, options.readyTimeoutMs ?? 30_000);
  } catch (error) {
    await proc.stop();
    throw error;
  }
  return proc;
}

/** Ends every process still running; for the bench's finally block and signal handlers. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((proc) => proc.stop()));
}

async function waitUntilReady(
  proc: ServerProcess,
  child: ChildProcess,
  path: string,
  timeoutMs: number,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${proc.name} exited (${child.exitCode ?? child.signalCode}) at start:\n${proc.outputTail()}`,
      );
    }
    if ((await probe(`${proc.baseUrl}${path}`)) === 200) return;
    await sleep(100);
  }
  throw new Error(
    `${proc.name} did not answer ${path} with 200 within ${timeoutMs / 1000} s:\n${proc.outputTail()}`,
  );
}

function probe(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: 1_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

/** SIGTERM lets the server close its pool and worker; SIGKILL follows if it hangs on open streams. */
async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), sleep(12_000).then(() => true)]);
  if (!timedOut) return;
  child.kill('SIGKILL');
  await Promise.race([exited, sleep(5_000)]);
}

function readRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

let ticksPerSecond: number | null = null;

function readCpuMs(pid: number): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks / ticksPerSecond) * 1000;
}
