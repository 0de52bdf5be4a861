import { codeIn, latestMailText } from './mailbox';

export interface SignedIn {
  email: string;
  access_token: string;
  refresh_token: string;
}

/** Registers and verifies an account through the public API, as the sign-up screens would. */
export async function verifiedAccount(baseUrl: string, label = 'user'): Promise<SignedIn> {
  const email = `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const json = { 'content-type': 'application/json' };
  const registered = await fetch(`${baseUrl}/api/v1/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: email, email, password: 'Account-Pass1!', config: { language: 'en' } }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const code = codeIn(await latestMailText(baseUrl, email));
  const verified = await fetch(`${baseUrl}/api/v1/auth/verify-code`, { method: 'POST', headers: json, body: JSON.stringify({ username: email, code }) });
  const { data } = (await verified.json()) as { data: { access_token: string; refresh_token: string } };
  return { email, ...data };
}
