import type { AddressInfo } from 'node:net';
import { OPENAPI_PATH } from '../../src/server/http/api-docs';
import { osloDay } from '../../src/shared/rules/bid-plan';
import { signUp } from './accounts';
import { signInAdmin } from './admin';
import { ApiContract, checkedApp, type OpenApiDocument } from './openapi-contract';
import { createTestApp, type TestApp } from './test-app';

const DAY = 86_400_000;

/**
 * The app the financing-plan tests share (decision 033): every answer checked against the API
 * document, listening for live streams, with a seller, two bidders (Anna banks with DNB) and an admin.
 */
export interface PlanApp {
  /** The app itself, for its database and to close it. */
  raw: TestApp;
  /** The same app, with every answer checked against the document. */
  t: TestApp;
  contract: ApiContract;
  baseUrl: string;
  owner: string;
  anna: string;
  bjorn: string;
  admin: { id: string; cookie: string };
  /** The Oslo calendar day `days` from the server's now. */
  dayFromNow(days: number): string;
}

export async function startPlanApp(): Promise<PlanApp> {
  const raw = await createTestApp({ env: { RATE_LIMIT_USER_PER_MIN: '0', RATE_LIMIT_ADDRESS_PER_MIN: '0' } });
  const contract = new ApiContract(
    (await raw.request({ method: 'GET', url: OPENAPI_PATH })).json() as OpenApiDocument,
  );
  const t = checkedApp(raw, contract);
  await raw.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    raw,
    t,
    contract,
    baseUrl: `http://127.0.0.1:${(raw.app.server.address() as AddressInfo).port}`,
    owner: await signUp(t, 'selger@example.no', { firstName: 'Sofie', lastName: 'Selger' }),
    anna: await signUp(t, 'anna@example.no', { firstName: 'Anna', lastName: 'Alfa', bankName: 'DNB' }),
    bjorn: await signUp(t, 'bjorn@example.no', { firstName: 'Bjørn', lastName: 'Beta' }),
    admin: await signInAdmin(t),
    dayFromNow: (days) => osloDay(new Date(t.clock.now().getTime() + days * DAY)),
  };
}
