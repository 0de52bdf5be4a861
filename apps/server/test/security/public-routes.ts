import type { PublicRoute } from './route-walk.js';

const CHECKOUT_PAGE = 'test-mode payments only (gone once Stripe is configured); the unguessable cs_test_ id in the link is the credential';
const WIDGET_API = 'website visitors have no account: the deploy token and the Spark’s allowed websites decide';
const DOCS = 'the API reference, generated from the schemas: describes endpoints, holds no data';
const DEV_MAILBOX = 'development only: not registered in production or with SMTP_URL (dev-mailbox.test proves it)';

/**
 * Every route that answers without a session, and why. Anything registered and not listed here
 * must answer 401 to a request without a token.
 */
export const PUBLIC_ROUTES: PublicRoute[] = [
  { method: 'OPTIONS', url: '*', reason: 'CORS preflight: browsers send it without credentials and it answers headers only' },
  { method: 'GET', url: '/api/v1/docs', reason: DOCS },
  { method: 'HEAD', url: '/api/v1/docs/', reason: `${DOCS} (Fastify reports only the HEAD twin of the trailing-slash page)` },
  { method: 'GET', url: '/api/v1/docs/json', reason: DOCS },
  { method: 'GET', url: '/api/v1/docs/yaml', reason: DOCS },
  { method: 'GET', url: '/api/v1/docs/static/index.html', reason: DOCS },
  { method: 'GET', url: '/api/v1/docs/static/swagger-initializer.js', reason: DOCS },
  { method: 'GET', url: '/api/v1/docs/static/*', reason: DOCS },
  { method: 'GET', url: '/privacy', reason: 'the privacy policy is read before signing up; it holds no data' },
  { method: 'GET', url: '/api/v1/health', reason: 'for load balancers and uptime checks; reports no tenant data' },
  { method: 'POST', url: '/api/v1/auth/register', reason: 'signing up happens before there is an account' },
  { method: 'POST', url: '/api/v1/auth/send-code', reason: 'resends the e-mail code of an account not verified yet' },
  { method: 'POST', url: '/api/v1/auth/verify-code', reason: 'the e-mailed code is the credential' },
  { method: 'POST', url: '/api/v1/auth/login', reason: 'the password (or a one-time login token) is the credential' },
  { method: 'POST', url: '/api/v1/auth/refresh-token', reason: 'the refresh token in the body is the credential' },
  { method: 'POST', url: '/api/v1/users/forgot-password', reason: 'for users who cannot log in' },
  { method: 'POST', url: '/api/v1/users/reset-password', reason: 'the e-mailed reset token is the credential' },
  { method: 'GET', url: '/api/v1/auth/providers', reason: 'the login page lists sign-in options before anyone is signed in' },
  { method: 'GET', url: '/api/v1/auth/service/:provider/login', reason: 'starts a social sign-in' },
  { method: 'GET', url: '/api/v1/auth/service/:provider/callback', reason: 'the identity provider redirects here; the single-use state is the credential' },
  {
    method: 'GET',
    url: '/api/v1/invitations/:token',
    reason: 'the invitation page shows whose team it is before the invitee signs in; the link’s secret is the credential',
  },
  { method: 'GET', url: '/api/domain/:domain', reason: 'the sign-up form checks the e-mail domain before an account exists' },
  { method: 'POST', url: '/api/v1/billing/webhook', reason: 'Stripe calls it; the Stripe-Signature over the raw body is the credential' },
  {
    method: 'GET',
    url: '/api/v1/whatsapp/:channelId/webhook',
    reason: 'Meta checks the webhook; the channel’s verify token is the credential, and the answer is only the challenge it sent',
  },
  {
    method: 'POST',
    url: '/api/v1/whatsapp/:channelId/webhook',
    reason: 'Meta delivers messages; X-Hub-Signature-256 over the raw body, keyed with the channel’s app secret, is the credential',
  },
  {
    method: 'GET',
    url: '/api/v1/meta/:channelId/webhook',
    reason: 'Meta checks the webhook of a Page; the channel’s verify token is the credential, and the answer is only the challenge it sent',
  },
  {
    method: 'POST',
    url: '/api/v1/meta/:channelId/webhook',
    reason: 'Meta delivers a Page’s and its Instagram’s messages; X-Hub-Signature-256 over the raw body, keyed with the app secret, is the credential',
  },
  {
    method: 'POST',
    url: '/api/v1/telegram/:channelId/webhook',
    reason: 'Telegram delivers a bot’s updates; X-Telegram-Bot-Api-Secret-Token, the secret the product set on the webhook, is the credential',
  },
  { method: 'GET', url: '/api/v1/billing/test-checkout/:id', reason: CHECKOUT_PAGE },
  { method: 'POST', url: '/api/v1/billing/test-checkout/:id', reason: CHECKOUT_PAGE },
  { method: 'GET', url: '/api/v1/billing/test-portal/:id', reason: CHECKOUT_PAGE },
  { method: 'POST', url: '/api/v1/billing/test-portal/:id', reason: CHECKOUT_PAGE },
  { method: 'GET', url: '/api/v1/widget/:token/look', reason: WIDGET_API },
  { method: 'POST', url: '/api/v1/widget/:token/chat', reason: WIDGET_API },
  { method: 'GET', url: '/api/v1/widget/:token/conversation', reason: WIDGET_API },
  { method: 'PUT', url: '/api/v1/widget/:token/feedback', reason: WIDGET_API },
  { method: 'POST', url: '/api/v1/widget/:token/contact', reason: WIDGET_API },
  { method: 'GET', url: '/api/v1/widget/:token/live', reason: `${WIDGET_API}; the visitor's session names their own conversation only` },
  { method: 'POST', url: '/api/v1/widget/:token/typing', reason: WIDGET_API },
  {
    method: 'POST',
    url: '/api/v1/widget/:token/actions/:actionId',
    reason: `${WIDGET_API}; only the action the Spark last offered in the visitor's own conversation runs (visitor-actions.test)`,
  },
  {
    method: 'GET',
    url: '/api/v1/integrations/microsoft/callback',
    reason: 'Microsoft redirects the connect window here; the single-use state names the Spark',
  },
  { method: 'GET', url: '/widget.js', reason: 'the loader every allowed website includes' },
  { method: 'GET', url: '/widget/frame.js', reason: 'script of the chat frame, loaded inside other websites' },
  { method: 'GET', url: '/widget/frame.css', reason: 'styles of the chat frame, loaded inside other websites' },
  { method: 'GET', url: '/widget/frame/:token', reason: 'the chat frame; its frame-ancestors lists the Spark’s allowed websites' },
  { method: 'GET', url: '/widget/sparks-chat-wordpress.zip', reason: 'the WordPress plugin download; holds no tenant data' },
  { method: 'GET', url: '/dev/mailbox', reason: DEV_MAILBOX },
  { method: 'GET', url: '/dev/mailbox/messages', reason: DEV_MAILBOX },
  // The SPA fallback is the not-found handler, not a route; its files are one route each.
  { method: 'GET', url: /^\/(?:index\.html|assets\/[\w.-]+)$/, reason: 'files of the built web app, which every visitor loads before logging in' },
];
