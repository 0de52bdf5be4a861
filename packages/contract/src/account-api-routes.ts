import { z } from 'zod';
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  messageSchema,
  profilePatchSchema,
  refreshBodySchema,
  registerBodySchema,
  registeredSchema,
  resetPasswordBodySchema,
  sendCodeBodySchema,
  tokensResponseSchema,
  userResponseSchema,
  verifyCodeBodySchema,
} from './auth.js';
import {
  checkoutBodySchema,
  checkoutResponseSchema,
  planUsageResponseSchema,
  portalResponseSchema,
  priceListResponseSchema,
  subscriptionListResponseSchema,
  subscriptionsQuerySchema,
} from './billing.js';
import { dataEnvelope } from './envelope.js';
import { objectiveListResponseSchema, objectiveStepPatchSchema, objectivesQuerySchema } from './objectives.js';
import { customerRouteParams, objectiveRouteParams, providerRouteParams, route } from './api-route.js';

// The account's routes: sign-up, sessions, passwords, profile, social sign-in, objectives and the plan (product.md §7).

export const registerRoute = route('register', { status: 201, body: registerBodySchema, response: dataEnvelope(registeredSchema) });

export const sendCodeRoute = route('sendCode', { status: 200, body: sendCodeBodySchema, response: dataEnvelope(messageSchema) });

export const verifyCodeRoute = route('verifyCode', { status: 200, body: verifyCodeBodySchema, response: tokensResponseSchema });

/** No body is the one-time login with a bearer token (after a password reset). */
export const loginRoute = route('login', { status: 200, body: loginBodySchema.nullish(), response: tokensResponseSchema });

export const exchangeTokenRoute = route('exchangeToken', { status: 200, response: tokensResponseSchema });

export const refreshTokenRoute = route('refreshToken', { status: 200, body: refreshBodySchema, response: tokensResponseSchema });

export const logoutRoute = route('logout', { status: 200, response: dataEnvelope(z.object({ loggedOut: z.literal(true) })) });

export const forgotPasswordRoute = route('forgotPassword', { status: 200, body: forgotPasswordBodySchema, response: dataEnvelope(messageSchema) });

export const resetPasswordRoute = route('resetPassword', {
  status: 200,
  body: resetPasswordBodySchema,
  response: dataEnvelope(z.object({ token: z.string() })),
});

export const getProfileRoute = route('getProfile', { status: 200, response: userResponseSchema });

export const updateProfileRoute = route('updateProfile', { status: 200, body: profilePatchSchema, response: userResponseSchema });

export const socialProvidersRoute = route('socialProviders', { status: 200, response: dataEnvelope(z.object({ providers: z.array(z.string()) })) });

export const socialLoginRoute = route('socialLogin', { status: 200, params: providerRouteParams, response: dataEnvelope(z.object({ url: z.string() })) });

export const profileMenuObjectivesRoute = route('profileMenuObjectives', { status: 200, query: objectivesQuerySchema, response: objectiveListResponseSchema });

export const objectivesRoute = route('objectives', {
  status: 200,
  params: objectiveRouteParams,
  query: objectivesQuerySchema,
  response: objectiveListResponseSchema,
});

export const reportObjectiveStepRoute = route('reportObjectiveStep', {
  status: 200,
  params: objectiveRouteParams,
  query: objectivesQuerySchema,
  body: objectiveStepPatchSchema,
  response: objectiveListResponseSchema,
});

export const planUsageRoute = route('planUsage', { status: 200, response: planUsageResponseSchema });

export const pricesRoute = route('prices', { status: 200, response: priceListResponseSchema });

export const startCheckoutRoute = route('startCheckout', {
  status: 200,
  params: customerRouteParams,
  body: checkoutBodySchema,
  response: checkoutResponseSchema,
});

export const openPortalRoute = route('openPortal', { status: 200, params: customerRouteParams, response: portalResponseSchema });

export const subscriptionsRoute = route('subscriptions', {
  status: 200,
  params: customerRouteParams,
  query: subscriptionsQuerySchema,
  response: subscriptionListResponseSchema,
});

/** This file's routes by name, for the contract's table `API_ROUTES`. */
export const ACCOUNT_API_ROUTES = {
  register: registerRoute,
  sendCode: sendCodeRoute,
  verifyCode: verifyCodeRoute,
  login: loginRoute,
  exchangeToken: exchangeTokenRoute,
  refreshToken: refreshTokenRoute,
  logout: logoutRoute,
  forgotPassword: forgotPasswordRoute,
  resetPassword: resetPasswordRoute,
  getProfile: getProfileRoute,
  updateProfile: updateProfileRoute,
  socialProviders: socialProvidersRoute,
  socialLogin: socialLoginRoute,
  profileMenuObjectives: profileMenuObjectivesRoute,
  objectives: objectivesRoute,
  reportObjectiveStep: reportObjectiveStepRoute,
  planUsage: planUsageRoute,
  prices: pricesRoute,
  startCheckout: startCheckoutRoute,
  openPortal: openPortalRoute,
  subscriptions: subscriptionsRoute,
};
