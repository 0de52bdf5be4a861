import type { Language } from '@sparks/contract';
import { API_PATHS, DOMAIN_CHECK_PATH, fillPath } from '@sparks/contract/api-paths';
import { apiCall } from '../../../lib/api-call';
import { apiClient } from '../../../lib/api-client';

/**
 * The route table with its schemas, fetched on the first call: the sign-in page paints without
 * zod, and by the time a form is sent its validation has loaded zod anyway.
 */
const routes = () => import('@sparks/contract/api-routes');
const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** Every call of product.md §7 Authentication, through the contract's route table. */
export const authCalls = {
  register: async (input: { email: string; password: string; language: Language }) =>
    apiCall((await routes()).registerRoute, {
      body: { username: input.email, email: input.email, password: input.password, config: { language: input.language } },
    }),
  sendCode: async (username: string) => apiCall((await routes()).sendCodeRoute, { body: { username } }),
  verifyCode: async (username: string, code: string) => apiCall((await routes()).verifyCodeRoute, { body: { username, code } }),
  login: async (username: string, password: string) => apiCall((await routes()).loginRoute, { body: { username, password } }),
  loginWithToken: async (token: string) => apiCall((await routes()).loginRoute, { body: undefined, ...bearer(token) }),
  forgotPassword: async (email: string) => apiCall((await routes()).forgotPasswordRoute, { body: { email } }),
  resetPassword: async (token: string, newPassword: string) => apiCall((await routes()).resetPasswordRoute, { body: { newPassword }, ...bearer(token) }),
  /** Asked on every visit of the sign-in page, so read without the route table: a list of names or nothing. */
  providers: async () => {
    const data = await apiClient.get<{ providers?: unknown }>(API_PATHS.socialProviders.path);
    return { providers: Array.isArray(data.providers) ? data.providers.filter((name): name is string => typeof name === 'string') : [] };
  },
  serviceLogin: async (provider: string) => apiCall((await routes()).socialLoginRoute, { params: { provider } }),
  exchangeToken: async (token: string) => apiCall((await routes()).exchangeTokenRoute, bearer(token)),
  logout: async () => apiCall((await routes()).logoutRoute),
  /** The domain check answers `{ dns }` at the one path the specification puts outside /api/v1. */
  checkDomain: (domain: string) => apiClient.get<{ dns: boolean }>(fillPath(DOMAIN_CHECK_PATH.path, { domain }), { baseURL: '' }),
};
