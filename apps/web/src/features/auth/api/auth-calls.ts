import type { Language, Tokens } from '@sparks/contract';
import { apiClient } from '../../../lib/api-client';

/** Every call of product.md §7 Authentication, with the exact paths and bodies of the spec. */
export const authCalls = {
  register: (input: { email: string; password: string; language: Language }) =>
    apiClient.post<{ id: string }>('/auth/register', {
      username: input.email,
      email: input.email,
      password: input.password,
      config: { language: input.language },
    }),
  sendCode: (username: string) => apiClient.post<{ message: string }>('/auth/send-code', { username }),
  verifyCode: (username: string, code: string) => apiClient.post<Tokens>('/auth/verify-code', { username, code }),
  login: (username: string, password: string) => apiClient.post<Tokens>('/auth/login', { username, password }),
  loginWithToken: (token: string) => apiClient.post<Tokens>('/auth/login', undefined, { headers: { Authorization: `Bearer ${token}` } }),
  forgotPassword: (email: string) => apiClient.post<{ message: string }>('/users/forgot-password', { email }),
  resetPassword: (token: string, newPassword: string) =>
    apiClient.post<{ token: string }>('/users/reset-password', { newPassword }, { headers: { Authorization: `Bearer ${token}` } }),
  providers: () => apiClient.get<{ providers: string[] }>('/auth/providers'),
  serviceLogin: (provider: string) => apiClient.get<{ url: string }>(`/auth/service/${encodeURIComponent(provider)}/login`),
  exchangeToken: (token: string) => apiClient.get<Tokens>('/auth/exchange-token', { headers: { Authorization: `Bearer ${token}` } }),
  logout: () => apiClient.post<{ loggedOut: true }>('/auth/logout'),
  /** The domain check answers `{ dns }` at /api/domain, outside /api/v1. */
  checkDomain: (domain: string) => apiClient.get<{ dns: boolean }>(`/domain/${encodeURIComponent(domain)}`, { baseURL: '/api' }),
};
