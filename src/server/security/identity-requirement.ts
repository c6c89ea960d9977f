import { identityNeededForRound, identityNeededToBid } from '../../shared/rules/identity';
import type { Env } from '../env';
import { Forbidden } from '../errors';
import type { Viewer } from '../http/viewer';

/**
 * BID_IDENTITY=required (decision 064): a round, a bid and every other binding act (an avslag, a motbud,
 * accepting one, choosing a winner) need an identity verified with the eID provider. In 'optional' and
 * 'off' nothing is refused here; the owner sees who is verified either way.
 */
export function requireVerifiedIdentity(env: Env, viewer: Viewer, what: 'act' | 'round'): void {
  if (env.BID_IDENTITY !== 'required' || viewer.identityVerifiedAt) return;
  const provider = env.IDENTITY_PROVIDER_NAME;
  throw new Forbidden(what === 'round' ? identityNeededForRound(provider) : identityNeededToBid(provider));
}
