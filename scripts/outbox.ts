// Prints the newest mails in the outbox (mail_outbox) of the database the server uses, links and all: how to
// follow a verification or reset link without SMTP. A command, not a page, so that no HTTP route can ever show
// these links in production (docs/decisions/011-no-secrets-in-logs-and-the-outbox.md).
//   npm run outbox                                  the newest 5 mails
//   npm run outbox -- --to kari@example.no --last 1
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { desc, eq, sql } from 'drizzle-orm';
import { type Database, openPg, openPgliteDir } from '../src/server/db/client';
import { mailOutbox } from '../src/server/db/schema';
import { ConfigError, type Env, parseEnv } from '../src/server/env';

const USAGE = `Usage: npm run outbox -- [--to <address>] [--last <N>]

Prints the newest mails in the outbox of the server's database (DATABASE_URL, or the
embedded database in DATA_DIR), oldest first, so the newest is nearest the prompt.
  --to <address>   only mails to this address (any case)
  --last <N>       how many (default 5)
The mails hold working verification and password reset links: do not paste them anywhere.`;

interface Options {
  to?: string;
  last: number;
}

function readOptions(): Options {
  let values: { to?: string; last?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        to: { type: 'string' },
        last: { type: 'string', default: '5' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error), true);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const last = Number(values.last);
  if (!Number.isInteger(last) || last < 1)
    fail(`--last must be a whole number above 0, not "${values.last}"`, true);
  return { to: values.to?.trim() || undefined, last };
}

function fail(message: string, withUsage = false): never {
  process.stderr.write(withUsage ? `${message}\n\n${USAGE}\n` : `${message}\n`);
  process.exit(1);
}

function loadEnv(): Env {
  // The same configuration as the server (src/server/main.ts), so this reads the database the server uses.
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    // Reading mail needs no cookie secret; a stand-in keeps parseEnv from generating one into DATA_DIR.
    const secret = process.env.SESSION_SECRET?.trim() || 'outbox-cli-reads-no-cookies-'.padEnd(32, '.');
    return parseEnv({ ...process.env, SESSION_SECRET: secret });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/**
 * PGlite is one process's database: a second process opening the same folder while the server runs would
 * write to files the server has open (and on close remove its postmaster.pid). So this reads a copy, taken
 * now, and never touches the server's files; the server may run or not. pg_control (where recovery starts) is
 * copied first: a checkpoint during the copy then means replaying more of the copied WAL, never skipping some.
 */
async function openEmbeddedCopy(dataDir: string): Promise<{ database: Database; remove(): void }> {
  const live = join(dataDir, 'pglite');
  if (!existsSync(join(live, 'PG_VERSION'))) {
    fail(`No embedded database in ${live} yet. Start the server once (npm start), or set DATA_DIR.`);
  }
  // A busy server can remove or recycle a file while it is being copied; a fresh copy is then all it takes.
  for (let attempt = 1; ; attempt++) {
    const copy = mkdtempSync(join(tmpdir(), 'budrunde-outbox-'));
    const remove = () => rmSync(copy, { recursive: true, force: true });
    try {
      const control = readFileSync(join(live, 'global', 'pg_control'));
      cpSync(live, copy, { recursive: true, filter: (source) => !source.endsWith('postmaster.pid') });
      writeFileSync(join(copy, 'global', 'pg_control'), control);
      return { database: await openPgliteDir(copy), remove };
    } catch (error) {
      remove();
      if (attempt === 3) throw error;
    }
  }
}

async function readMails(database: Database, { to, last }: Options) {
  const rows = await database.db
    .select({
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(to ? eq(sql`lower(${mailOutbox.to})`, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(last);
  return rows.reverse();
}

const osloTime = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  dateStyle: 'short',
  timeStyle: 'medium',
});

function printMails(mails: Awaited<ReturnType<typeof readMails>>, env: Env, { to }: Options): void {
  const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.DATA_DIR}`;
  if (mails.length === 0) {
    console.log(`The outbox in ${where} has no mail${to ? ` to ${to}` : ''}.`);
  }
  for (const mail of mails) {
    console.log(`${'─'.repeat(72)}\nTo:      ${mail.to}\nSubject: ${mail.subject}`);
    console.log(`Date:    ${osloTime.format(mail.createdAt)}\n\n${mail.text}\n`);
  }
  if (env.mailTransport === 'smtp') {
    console.log('Note: SMTP_URL is set, so new mail is sent over SMTP and not kept here.');
  }
}

async function main(): Promise<void> {
  const options = readOptions();
  const env = loadEnv();
  const opened = env.DATABASE_URL
    ? { database: openPg(env.DATABASE_URL), remove: () => {} }
    : await openEmbeddedCopy(env.DATA_DIR);
  try {
    printMails(await readMails(opened.database, options), env, options);
  } finally {
    await opened.database.close();
    opened.remove();
  }
}

main().catch((error) => {
  process.stderr.write(
    `Could not read the outbox: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
