import { performance } from 'node:perf_hooks';
import type { Api } from './http-client';
import type { SmtpSink } from './smtp-sink';
import { sleep } from './stats';

export interface MailOptions {
  roundId: string;
  bidderCookie: string;
  bidderEmail: string;
  ownerEmail: string;
  followerEmails: readonly string[];
  bids: number;
  startingPrice: number;
  waitMs: number;
}

export interface MailResult {
  expected: number;
  received: number;
  /** From the first bid sent to the last expected mail in the sink (or to the end of the wait). */
  elapsedMs: number;
  bidsMs: number;
  mailsPerSecond: number;
  complete: boolean;
  /** Recipients (owner, bidder, followers) who did not get one mail per bid: a new-bid mail or a receipt. */
  recipientsShort: number;
  /** Mails beyond the expected, seen within a second after the last expected one. */
  extra: number;
}

/**
 * Bids placed one after another on a round with many followers, then waits for the sink to have every
 * mail they cause: per bid a receipt to the bidder and a new-bid mail to the owner and to each follower.
 */
export async function runMailRate(api: Api, sink: SmtpSink, options: MailOptions): Promise<MailResult> {
  const expected = options.bids * (options.followerEmails.length + 2);
  const bidDeadline = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
  sink.reset();
  const started = performance.now();
  for (let i = 1; i <= options.bids; i++) {
    await api.expect(201, 'POST', '/api/bids', {
      cookie: options.bidderCookie,
      body: { bidRoundId: options.roundId, amount: options.startingPrice + i * 10_000, bidDeadline },
    });
  }
  const bidsMs = performance.now() - started;
  const complete = await sink.waitFor(expected, Math.max(0, options.waitMs - bidsMs));
  const lastExpected = complete ? (sink.times[expected - 1] ?? performance.now()) : performance.now();
  const received = Math.min(sink.count, expected);
  const elapsedMs = lastExpected - started;
  if (complete) await sleep(1_000);
  const recipients = [options.ownerEmail, options.bidderEmail, ...options.followerEmails];
  const recipientsShort = recipients.filter(
    (email) => (sink.perRecipient.get(email.toLowerCase()) ?? 0) < options.bids,
  ).length;
  return {
    expected,
    received,
    elapsedMs,
    bidsMs,
    mailsPerSecond: received / (elapsedMs / 1000),
    complete,
    recipientsShort,
    extra: Math.max(0, sink.count - expected),
  };
}
