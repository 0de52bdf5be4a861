/**
 * The screens a visitor can open first, with the lazily loaded modules each needs before it can
 * draw. The build turns this into the files the server announces in the page
 * (rel=modulepreload), so a phone fetches the screen's code beside the main bundle instead of
 * discovering it only once that bundle has run: one round trip less before the first paint.
 *
 * Only the public account screens are listed: their outcome is certain. A signed-in screen sends
 * a visitor without a session to /auth, so announcing its code would spend a first visitor's
 * slow line on files they never run. The build fails when a module here is not one of the lazily
 * loaded chunks of router.tsx.
 */
export const FIRST_SCREENS = [
  {
    paths: ['/auth', '/login', '/forgot-password', '/validate-code', '/reset-password', '/auth/callback'],
    modules: ['src/app/layouts/auth-layout.tsx', 'src/app/routes/account-routes.tsx'],
  },
] as const satisfies ReadonlyArray<{ paths: readonly string[]; modules: readonly string[] }>;

/**
 * The screens a signed-in owner opens first, announced only to a browser that says it holds a
 * session (SIGNED_IN_COOKIE): for it the outcome is as certain as the account screens' is for a
 * visitor. Unlike FIRST_SCREENS they keep the build's automatic split, so no account form is
 * bundled with them.
 */
export const SIGNED_IN_SCREENS = [
  { paths: ['/'], modules: ['src/app/layouts/main-layout.tsx', 'src/app/routes/home-route.tsx'] },
  { paths: ['/spark/:sparkId'], modules: ['src/app/layouts/main-layout.tsx', 'src/app/routes/spark-route.tsx'] },
  { paths: ['/spark/:sparkId/test', '/spark/:sparkId/test/:testId'], modules: ['src/app/layouts/main-layout.tsx', 'src/app/routes/spark-test-route.tsx'] },
] as const satisfies ReadonlyArray<{ paths: readonly string[]; modules: readonly string[] }>;
