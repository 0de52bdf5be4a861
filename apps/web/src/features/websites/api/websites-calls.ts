import {
  addWebsiteRoute,
  cancelWebsiteRoute,
  deleteWebsiteRoute,
  importWebsiteRoute,
  listWebsitesRoute,
  syncWebsiteRoute,
  updateWebsiteRoute,
  type AddWebsiteBody,
  type UpdateWebsiteBody,
  type Website,
} from '@sparks/contract';
import { apiCall } from '../../../lib/api-call';

/** A Spark's websites (docs/decisions/0028): add, read the pages found, sync, stop, change the schedule or the paths, remove. */
export const websitesCalls = {
  list: (sparkId: string): Promise<Website[]> => apiCall(listWebsitesRoute, { params: { sparkId } }),
  add: (sparkId: string, body: AddWebsiteBody): Promise<Website> => apiCall(addWebsiteRoute, { params: { sparkId }, body }),
  read: (sparkId: string, websiteId: string, leaveOut: string[]): Promise<Website> =>
    apiCall(importWebsiteRoute, { params: { sparkId, websiteId }, body: { leaveOut } }),
  sync: (sparkId: string, websiteId: string): Promise<Website> => apiCall(syncWebsiteRoute, { params: { sparkId, websiteId } }),
  cancel: (sparkId: string, websiteId: string): Promise<Website> => apiCall(cancelWebsiteRoute, { params: { sparkId, websiteId } }),
  update: (sparkId: string, websiteId: string, body: UpdateWebsiteBody): Promise<Website> =>
    apiCall(updateWebsiteRoute, { params: { sparkId, websiteId }, body }),
  remove: async (sparkId: string, websiteId: string): Promise<void> => {
    await apiCall(deleteWebsiteRoute, { params: { sparkId, websiteId } });
  },
};
