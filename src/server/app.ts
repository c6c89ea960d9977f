import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import '../shared/zod-locale';
import { systemClock } from './clock';
import type { AppDeps } from './deps';
import type { TrustProxy } from './env';
import { eventsRoutes } from './events/events.routes';
import { findViewerById } from './features/accounts/accounts.repository';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { findLiveSessionIds } from './features/accounts/sessions.repository';
import { adminRoutes } from './features/admin/admin.routes';
import { authRoutes } from './features/auth/auth.routes';
import { deleteOldResetRequests } from './features/auth/password-resets.repository';
import { forgetResetRequestsOf } from './features/auth/password-resets.service';
import { tokenMailJobHandlers } from './features/auth/token-mail-jobs';
import { bidRoundsRoutes } from './features/bid-rounds/bid-rounds.routes';
import { roundExists } from './features/bid-rounds/bid-rounds.service';
import {
  closeExpiredRounds,
  closeRoundsOwnedBy,
  closeWithAcceptedCounterOffer,
} from './features/bid-rounds/round-lifecycle.service';
import { readRoundFanOut } from './features/bid-rounds/round-snapshot';
import { bidLapseJobHandlers, withdrawLeadsOf } from './features/bids/bid-lapse';
import { bidNoticeJobHandlers } from './features/bids/bid-notices';
import { bidPlacedJobHandlers } from './features/bids/bid-notifications';
import { bidsRoutes } from './features/bids/bids.routes';
import { newBidNoticeJobHandlers } from './features/bids/new-bid-notice-sending';
import { forgetInvitationsOf } from './features/co-bidders/co-bidder-deletion';
import { coBiddersRoutes } from './features/co-bidders/co-bidders.routes';
import { conditionsRoutes } from './features/conditions/conditions.routes';
import { recordLapsedConditions } from './features/conditions/conditions.service';
import { counterOfferJobHandlers } from './features/counter-offers/counter-offer-notices';
import { settleCounterOffersTo } from './features/counter-offers/counter-offer-records';
import { counterOffersRoutes } from './features/counter-offers/counter-offers.routes';
import { dataExportRoutes } from './features/data-export/data-export.routes';
import { fairNoticeRoutes } from './features/fair-notice/fair-notice.routes';
import { forgetNoticeDataOf } from './features/fair-notice/fair-notice.service';
import { financingProofsRoutes } from './features/financing-proofs/financing-proofs.routes';
import {
  forgetProofsOfUser,
  forgetUnattachedProofs,
} from './features/financing-proofs/financing-proofs.service';
import { healthRoutes } from './features/health/health.routes';
import { identityRoutes } from './features/identity/identity.routes';
import { objectsRoutes } from './features/images/objects.routes';
import { uploadRoutes } from './features/images/upload.routes';
import { journalsRoutes } from './features/journals/journals.routes';
import {
  acceptanceLetterAttachment,
  journalPdfAttachment,
  scrubUserFromJournals,
} from './features/journals/journals.service';
import { forgetPasskeysOf } from './features/passkeys/passkey-records';
import { passkeysRoutes } from './features/passkeys/passkeys.routes';
import { photoJobHandlers, sweepUnusedUploads } from './features/photos/photo-deletion.service';
import { photosRoutes } from './features/photos/photos.routes';
import { prospectusRoutes } from './features/prospectus/prospectus.routes';
import { chainKeyRoutes } from './features/round-chain/chain-key.routes';
import { roundChainRoutes } from './features/round-chain/round-chain.routes';
import { recordAnonymisation } from './features/round-chain/round-chain.service';
import { scrubSignaturesOf } from './features/signatures/signature-records';
import { signaturesRoutes } from './features/signatures/signatures.routes';
import { siteRoutes } from './features/site/site.routes';
import { testIdpRoutes } from './features/test-idp/test-idp.routes';
import { viewingJobHandlers } from './features/viewings/viewing-follow-up';
import { forgetSignupsOf } from './features/viewings/viewing-signups.service';
import { viewingsRoutes } from './features/viewings/viewings.routes';
import { registerAccountDeletionSteps } from './hooks/account-deletion';
import { registerRoundCloser } from './hooks/round-closer';
import { registerAccess } from './http/access';
import { registerApiDocs } from './http/api-docs';
import { registerApiRateLimit } from './http/api-rate-limit';
import { AuthCache } from './http/auth-cache';
import { registerClientFiles } from './http/client-files';
import { registerErrorHandler } from './http/error-handler';
import { registerInputGuard } from './http/input-guard';
import { loggerOptions } from './http/logging';
import { Metrics, registerMetricsRoute } from './http/metrics';
import type { RenderPage } from './http/page-render';
import type { RequestLoad } from './http/request-load';
import { registerCommonResponses } from './http/responses';
import { registerSecurity } from './http/security';
import { registerSession } from './http/session';
import { registerJobHandlers } from './jobs/handlers';
import {
  DEADLINE_SWEEP_MS,
  RESET_REQUEST_RETENTION,
  registerPeriodicTasks,
  retentionTask,
} from './jobs/periodic-tasks';
import { registerAttachmentMaker } from './mail/mail-attachments';
import { type Counters, MemoryCounters } from './security/counters';
import { setPasswordHashCost } from './security/passwords';

// The features' job handlers and periodic tasks, registered once when this module loads, before any worker
// is built (main.ts and the test set-ups load it first): jobs/ and mail/ never import a feature (decision 031).
registerJobHandlers(
  tokenMailJobHandlers,
  bidLapseJobHandlers,
  bidPlacedJobHandlers,
  bidNoticeJobHandlers,
  newBidNoticeJobHandlers,
  counterOfferJobHandlers,
  viewingJobHandlers,
  photoJobHandlers,
);
// Counter-offers lies below bid-rounds in the order of feature folders; an accepted one ends its round
// through bid-rounds' closer, handed over here (decision 056).
registerRoundCloser(closeWithAcceptedCounterOffer);
// A decided round's mails carry the journal and the acceptance letter, made as they go out (decision 066).
registerAttachmentMaker('journal-pdf', (deps, request) =>
  request.userId ? journalPdfAttachment(deps, request.roundId, request.userId) : Promise.resolve(null),
);
registerAttachmentMaker('acceptance-letter', (deps, request) =>
  acceptanceLetterAttachment(deps, request.roundId),
);
// Each feature's part in deleting an account, in the deletion's transaction and in this order; accounts, the
// lowest of the features that read it, runs them around its own scrub of the row (decision 056).
registerAccountDeletionSteps({
  whileItExists: [
    closeRoundsOwnedBy,
    settleCounterOffersTo,
    withdrawLeadsOf,
    scrubUserFromJournals,
    forgetProofsOfUser,
    forgetInvitationsOf,
  ],
  onceScrubbed: [
    forgetSignupsOf,
    forgetNoticeDataOf,
    forgetResetRequestsOf,
    // A passkey is a way into the account: it goes with the account (decision 037).
    forgetPasskeysOf,
    // Their signed bids keep their signatures; the statements stop naming them (decision 039).
    scrubSignaturesOf,
    // Each round's chain records the anonymisation and forgets who its acts were about (decision 040).
    recordAnonymisation,
  ],
});
registerPeriodicTasks((deps, log) => [
  {
    name: 'close-expired-rounds',
    everyMs: DEADLINE_SWEEP_MS,
    run: () => closeExpiredRounds(deps, log).then(() => {}),
  },
  {
    name: 'record-lapsed-conditions',
    everyMs: DEADLINE_SWEEP_MS,
    run: () => recordLapsedConditions(deps, log).then(() => {}),
  },
  retentionTask(log, 'delete-old-password-reset-requests', () =>
    deleteOldResetRequests(deps.db, RESET_REQUEST_RETENTION),
  ),
  {
    name: 'delete-unattached-financing-proofs',
    everyMs: 60 * 60 * 1000,
    run: () => forgetUnattachedProofs(deps.db),
  },
  {
    name: 'delete-unused-photo-uploads',
    everyMs: 60 * 60 * 1000,
    run: () => sweepUnusedUploads(deps.db),
  },
]);

export interface BuildAppOptions {
  /** The built client (dist/client). Null serves the API only, as the API tests do. */
  clientDir?: string | null;
  /** Renders pages on the server (dist/ssr, decision 024); null or absent: pages render in the browser. */
  renderPage?: RenderPage | null;
  /** A logger instance, false for none; default: JSON logs at LOG_LEVEL. */
  logger?: FastifyBaseLogger | false;
  /** Where the general API limit counts: shared counters in production; default this process's memory. */
  apiCounters?: Counters;
  /** What /metrics reports; default a registry of this app's own. */
  metrics?: Metrics;
  /** Counts the requests under way, for the job worker to step back while people wait. */
  load?: RequestLoad;
  /** Tests: extra routes, added inside the API context so that they have the session and access hooks. */
  extendApi?: (api: FastifyInstance) => void;
}

/**
 * Fastify takes a hop count at run time, but its types do not list numbers: a hop count is written as the
 * function Fastify would make of it (trust the nearest `hops` addresses).
 */
function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Builds the whole HTTP application without listening, so tests can drive it with inject(). */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  // The hub reads changed rounds and live sessions through the features, which it cannot import.
  deps.events.registerReaders({ readRound: readRoundFanOut, findLiveSessionIds });
  setPasswordHashCost(deps.env.PASSWORD_HASH_COST);
  const app = Fastify({
    ...(options.logger
      ? { loggerInstance: options.logger }
      : { logger: options.logger ?? loggerOptions(deps.env.LOG_LEVEL) }),
    trustProxy: trustProxyOption(deps.env.TRUST_PROXY),
    bodyLimit: 100 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON is accepted: a text/plain body is a classic cross-site form vector.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  options.load?.register(app);

  await registerSecurity(app, {
    appUrl: deps.env.APP_URL,
    isHttps: deps.env.isHttps,
  });
  // Without a token nobody can read them: no timing hook on every request, no registry.
  const metrics = options.metrics ?? (deps.env.METRICS_TOKEN ? new Metrics(deps.db, deps.events) : undefined);
  if (metrics && deps.env.METRICS_TOKEN) {
    metrics.observeRequests(app);
    registerMetricsRoute(app, metrics, deps.env.METRICS_TOKEN);
  }
  await registerApiDocs(app, deps.env.APP_URL);
  // Liveness, readiness and images need no session: a database outage must not reach them, and a request
  // for a picture should not cost a session lookup.
  await app.register(healthRoutes(deps));
  await app.register(objectsRoutes(deps));
  await app.register(chainKeyRoutes(deps));
  // The demo's Test-BankID (decision 064): a real OpenID provider of its own, outside the API's session.
  if (deps.env.OIDC_TEST_PROVIDER) await testIdpRoutes(deps)(app);
  // Everything that needs to know who is asking lives in this one context, with the session and access
  // hooks. The client's files, registered after it on the root, are served without touching the database;
  // a page's HTML asks this context for its first data (http/first-screen.ts).
  const authCache = new AuthCache(deps.events);
  await app.register(async (api) => {
    await registerSession(api, {
      cache: authCache,
      db: deps.db,
      clock: deps.clock,
      secret: deps.env.SESSION_SECRET,
      isHttps: deps.env.isHttps,
    });
    await registerApiRateLimit(api, {
      userPerMin: deps.env.RATE_LIMIT_USER_PER_MIN,
      addressPerMin: deps.env.RATE_LIMIT_ADDRESS_PER_MIN,
      counters: options.apiCounters ?? new MemoryCounters(systemClock),
      secret: deps.env.SESSION_SECRET,
    });
    registerAccess(api, (userId) => findViewerById(deps.db, userId), authCache);
    registerInputGuard(api);
    registerCommonResponses(api);
    await api.register(siteRoutes(deps));
    await api.register(authRoutes(deps));
    await api.register(accountsRoutes(deps));
    await api.register(dataExportRoutes(deps));
    await api.register(bidRoundsRoutes(deps));
    await api.register(bidsRoutes(deps, metrics));
    await api.register(counterOffersRoutes(deps));
    await api.register(coBiddersRoutes(deps));
    await api.register(conditionsRoutes(deps));
    await api.register(fairNoticeRoutes(deps));
    await api.register(viewingsRoutes(deps));
    await api.register(journalsRoutes(deps));
    await api.register(roundChainRoutes(deps));
    await api.register(passkeysRoutes(deps));
    await api.register(identityRoutes(deps));
    await api.register(signaturesRoutes(deps));
    await api.register(adminRoutes(deps));
    await api.register(uploadRoutes(deps));
    await api.register(photosRoutes(deps));
    await api.register(financingProofsRoutes(deps));
    await api.register(prospectusRoutes(deps));
    await api.register(eventsRoutes(deps));
    options.extendApi?.(api);
  });
  await registerClientFiles(app, options.clientDir ?? null, options.renderPage ?? null, {
    roundExists: (id) => roundExists(deps.db, id),
  });
  return app;
}
