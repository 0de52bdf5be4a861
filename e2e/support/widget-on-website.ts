import type { useProductInBrowser } from './product';
import { signedInPage } from './signed-in-page';
import { openWidget, ownerApi, uploadHandbook, type useWebsite } from './widget-site';

/**
 * A fresh owner whose Spark answers from the handbook and is deployed on the suite's website, and a
 * visitor there in a browser of their own with the chat open: where the widget tests start.
 */
export async function widgetOnWebsite(
  product: ReturnType<typeof useProductInBrowser>,
  website: ReturnType<typeof useWebsite>,
  viewport: { width: number; height: number },
  label: string,
) {
  const baseUrl = product.server().url;
  const { page: owner } = await signedInPage(baseUrl, product.browser(), viewport, label);
  const spark = await ownerApi<{ _id: string }>(owner, baseUrl, '/sparks', { method: 'POST' });
  await uploadHandbook(owner, baseUrl, spark._id);
  const deployment = await ownerApi<{ snippet: string }>(owner, baseUrl, `/sparks/${spark._id}/deploy`, {
    method: 'PATCH',
    body: { allowedOrigins: [website.origin()] },
  });
  website.setTag(deployment.snippet);
  const visitor = await openWidget(product.browser(), website.origin(), { viewport });
  return { baseUrl, owner, sparkId: spark._id, ...visitor };
}
