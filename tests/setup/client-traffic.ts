import { PASSWORD, registrationPayload } from './accounts';
import { TEST_ORIGIN, type TestApp } from './test-app';

/** A client's addresses for the key checks: one IPv4, and one IPv6 whose /64 is written out in full. */
export const CLIENT_ADDRESSES = ['198.51.100.77', '2001:db8:77:1::5'] as const;

/** What an address, or the start of its /64, looks like in text, in the ways it could be written. */
export const CLEAR_FORMS = ['198.51.100.77', '2001:db8:77', '2001:0db8:0077', '2001:db8:77:1'] as const;

/**
 * Through one proxy hop (TRUST_PROXY=1), `ip` does everything a visitor's address is counted for: a failed
 * login, a registration, a reset request, the reset page's check and reset, a resend, and plain API calls.
 */
export async function sendTrafficFrom(t: TestApp, ip: string, email: string): Promise<void> {
  const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      payload,
      remoteAddress: '10.0.0.1',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip },
    });
  await send('POST', '/api/auth/login', { email, password: `${PASSWORD}-feil` });
  await send('POST', '/api/auth/register', registrationPayload(`ny-${email}`));
  await send('POST', '/api/auth/forgot-password', { email });
  await send('POST', '/api/auth/resend-verification', { email });
  await send('GET', '/api/auth/reset-password/status?token=abc');
  await send('POST', '/api/auth/reset-password', {
    token: 'abc',
    newPassword: 'nyttpass1',
    confirmPassword: 'nyttpass1',
  });
  await send('GET', '/api/bid-rounds/active');
}
