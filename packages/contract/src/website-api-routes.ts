import { z } from 'zod';
import { deletedResponse, route, sparkRouteParams } from './api-route.js';
import { addWebsiteBodySchema, importWebsiteBodySchema, updateWebsiteBodySchema, websiteResponseSchema, websitesResponseSchema } from './websites.js';

export const websiteRouteParams = sparkRouteParams.extend({ websiteId: z.uuid({ error: 'must be a website id' }) });

export const listWebsitesRoute = route('listWebsites', { status: 200, params: sparkRouteParams, response: websitesResponseSchema });

/** Accepted at once: the pages are found by a job, and the answer's state says how far it got. */
export const addWebsiteRoute = route('addWebsite', { status: 202, params: sparkRouteParams, body: addWebsiteBodySchema, response: websiteResponseSchema });

export const getWebsiteRoute = route('getWebsite', { status: 200, params: websiteRouteParams, response: websiteResponseSchema });

export const cancelWebsiteRoute = route('cancelWebsite', { status: 200, params: websiteRouteParams, response: websiteResponseSchema });

/** Accepted at once: a job reads the chosen pages into documents (a changed page becomes a new version). */
export const importWebsiteRoute = route('importWebsite', {
  status: 202,
  params: websiteRouteParams,
  body: importWebsiteBodySchema,
  response: websiteResponseSchema,
});

/** Accepted at once: the site is crawled again and what changed is read (a changed page becomes a new version). */
export const syncWebsiteRoute = route('syncWebsite', { status: 202, params: websiteRouteParams, response: websiteResponseSchema });

export const updateWebsiteRoute = route('updateWebsite', {
  status: 200,
  params: websiteRouteParams,
  body: updateWebsiteBodySchema,
  response: websiteResponseSchema,
});

export const deleteWebsiteRoute = route('deleteWebsite', { status: 200, params: websiteRouteParams, response: deletedResponse });

/** This file's routes by name, for the contract's table `API_ROUTES`. */
export const WEBSITE_API_ROUTES = {
  listWebsites: listWebsitesRoute,
  addWebsite: addWebsiteRoute,
  getWebsite: getWebsiteRoute,
  cancelWebsite: cancelWebsiteRoute,
  importWebsite: importWebsiteRoute,
  syncWebsite: syncWebsiteRoute,
  updateWebsite: updateWebsiteRoute,
  deleteWebsite: deleteWebsiteRoute,
};
