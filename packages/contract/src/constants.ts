/** Business constants of product.md §9; server, web app and widget read them from here only. */

export const APP_VERSION = '1.0.11';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
/**
 * The language choice is also kept in this cookie (beside local storage, product.md §16) so the server can
 * send the page already in that language and announce that language's texts.
 */
export const LANGUAGE_COOKIE = { name: 'i18next', maxAgeMinutes: 365 * 24 * 60 } as const;

/**
 * Set while the browser holds a session, and only a hint: the server announces the signed-in
 * screens' code in the page for it (a visitor without it would be sent to /auth, and fetch that
 * code for nothing). It carries no token and grants nothing.
 */
export const SIGNED_IN_COOKIE = { name: 'signed_in', maxAgeDays: 30 } as const;

export const TRIAL_DAYS = 15;
export const DAY_MS = 24 * 60 * 60 * 1000;

export const LIMITS = {
  testsPerSpark: 5,
  testTabNameMax: 10,
  testTabNameCut: 8,
  pinnedSparksShown: 4,
  sparkListDefaultItems: 4,
  uploadMaxBytes: 10 * 1024 * 1024,
  uploadMaxMegabytes: 10,
  passwordMin: 8,
  passwordResetMax: 100,
  usernameCutMidDesktop: 10,
  usernameCut: 15,
  objectivesPanelMaxWidthPx: 432,
} as const;

export const UPLOAD_MIME_TYPES = ['application/pdf'] as const;
export const ATTACH_EXTENSIONS = ['.doc', '.docx', '.pdf', '.jpg', '.jpeg', '.png', '.json'] as const;

export const BREAKPOINTS = {
  /** Desktop starts here; mobile is up to 1139.98 px. */
  desktop: 1140,
  midRangeMax: 1360,
  narrow: 400,
} as const;

export const TIMINGS_MS = {
  requestTimeout: 300_000,
  resendCodeConfirmation: 30_000,
  resendDelay: 100,
  dataLoadSuccessDelay: 1_000,
  loadingIndicatorDelay: 800,
  delayedSendAfterReset: 500,
  messageDelayUnit: 800,
  postUploadDialogClose: 3_000,
  mobileTutorialStart: 500,
  tutorialOverlayAnimation: 400,
  newMessageWindow: 1_000,
  deployGreetingAfterInactivity: 24 * 60 * 60 * 1_000,
} as const;

export const TRANSLATION_LOADING = {
  maxParallelReads: 10,
  maxRetries: 5,
  retryBaseDelayMs: 350,
} as const;

export const STORAGE_KEYS = {
  chatConversations: 'chat_conversations',
  sysSparkConversations: 'sys_spark_conversations',
  testChatConversations: 'test_chat_conversations',
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  activeSparkId: 'activeSparkId',
  emailForLogin: 'emailForLogin',
  rememberMe: 'rememberMe',
  language: 'i18nextLng',
} as const;

export const XSRF = {
  cookieName: 'XSRF-TOKEN',
  headerName: 'X-XSRF-TOKEN',
} as const;

export { API_BASE_PATH } from './api-path.js';

/** Headers the widget frame sends: its visitor's session token and the frame's signed ticket. Never URL parameters. */
export const WIDGET_HEADERS = { visitor: 'x-sparks-visitor', ticket: 'x-sparks-ticket' } as const;
