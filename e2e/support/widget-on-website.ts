import type { Page } from 'playwright-core';
import type { useProductInBrowser } from './product';
import { signedInPage } from './signed-in-page';
import { openWidget, ownerApi, uploadHandbook, type useWebsite } from './widget-site';

/**
 * A fresh owner whose Spark answers from the handbook and is deployed on the suite's website, and a
 * visitor there in a browser of their own with the chat open: where the widget tests start. The
 * owner's page has the visitor's viewport unless `ownerViewport` says otherwise; `beforeVisit`
 * prepares the visitor's page before it loads the website.
 */
export async function widgetOnWebsite(
  product: ReturnType<typeof useProductInBrowser>,
  website: ReturnType<typeof useWebsite>,
  viewport: { width: number; height: number },
  label: string,
  options: { ownerViewport?: { width: number; height: number }; beforeVisit?: (page: Page) => Promise<unknown> } = {},
) {
  const baseUrl = product.server().url;
  const { page: owner } = await signedInPage(baseUrl, product.browser(), options.ownerViewport ?? viewport, label);
  const spark = await ownerApi<{ _id: string }>(owner, baseUrl, '/sparks', { method: 'POST' });
  await uploadHandbook(owner, baseUrl, spark._id);
  const deployment = await ownerApi<{ snippet: string }>(owner, baseUrl, `/sparks/${spark._id}/deploy`, {
    method: 'PATCH',
    body: { allowedOrigins: [website.origin()] },
  });
  website.setTag(deployment.snippet);
  const visitor = await openWidget(product.browser(), website.origin(), { viewport, ...(options.beforeVisit ? { beforeVisit: options.beforeVisit } : {}) });
  return { baseUrl, owner, sparkId: spark._id, ...visitor };
}
