/**
 * The API reference's operation groups (its tags), each with what it is for and one call to copy.
 * `$BASE` is the server's address, `$KEY` an API key, `$TOKEN` a member's access token.
 */
export const OPENAPI_GROUPS: ReadonlyArray<{ name: string; about: string; example: string }> = [
  {
    name: 'developers',
    about: 'API keys and webhooks (owners and admins), and asking a Spark with a key: JSON, or Server-Sent Events with `Accept: text/event-stream`.',
    example: `curl $BASE/api/v1/sparks/$SPARK/ask -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" -d '{"message": "Do you open on Sunday?"}'`,
  },
  {
    name: 'documents',
    about: "A Spark's documents: upload (a new version with `replaces`), poll the status, delete. A key needs `knowledge.read` or `knowledge.write`.",
    example: `curl $BASE/api/v1/sparks/$SPARK/documents -H "Authorization: Bearer $KEY" -F file=@prices.pdf`,
  },
  {
    name: 'websites',
    about: 'A website read as knowledge: add it, choose pages, sync, remove.',
    example: `curl $BASE/api/v1/sparks/$SPARK/websites -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" -d '{"url": "https://example.com/"}'`,
  },
  {
    name: 'deploy',
    about: "A Spark's deployment: allowed websites, daily caps, the visitors' conversations (a key needs `conversations.read`) and their export.",
    example: `curl "$BASE/api/v1/sparks/$SPARK/visitor-conversations?before=2026-12-01T00:00:00.000Z" -H "Authorization: Bearer $KEY"`,
  },
  {
    name: 'live',
    about: 'Live conversations: watch, take over, write, hand back. A key with `conversations.read` reads a transcript.',
    example: `curl $BASE/api/v1/sparks/$SPARK/live/$CONVERSATION -H "Authorization: Bearer $KEY"`,
  },
  {
    name: 'auth',
    about: 'Signing up, in and out; codes and passwords.',
    example: `curl $BASE/api/v1/auth/login -H "Content-Type: application/json" -d '{"username": "ana@example.com", "password": "…"}'`,
  },
  { name: 'account', about: "The signed-in member's profile.", example: `curl $BASE/api/v1/account/profile -H "Authorization: Bearer $TOKEN"` },
  { name: 'sparks', about: 'Sparks and their test chats.', example: `curl $BASE/api/v1/sparks -H "Authorization: Bearer $TOKEN"` },
  {
    name: 'chat',
    about: 'The builder chat and test chats, JSON or streamed.',
    example: `curl $BASE/api/v1/sparks/$SPARK/chat/$TEST -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" -d '{"input": {"text": "Hello"}}'`,
  },
  {
    name: 'objectives',
    about: 'The progress steps of a Spark and of the account.',
    example: `curl "$BASE/api/v1/objectives/$SPARK?lang=en" -H "Authorization: Bearer $TOKEN"`,
  },
  {
    name: 'assistant',
    about: 'The guiding assistant of each menu topic.',
    example: `curl "$BASE/api/v1/spark-sys/settings/chat?text=Hello" -H "Authorization: Bearer $TOKEN"`,
  },
  {
    name: 'billing',
    about: 'Plans, usage, checkout and the billing portal (the owner).',
    example: `curl $BASE/api/v1/billing/usage -H "Authorization: Bearer $TOKEN"`,
  },
  {
    name: 'widget',
    about: "The website widget's public API: a deploy token and the Spark's allowed websites decide who may ask.",
    example: `curl $BASE/api/v1/widget/$DEPLOY_TOKEN/chat -H "Origin: https://your-site.example" -H "Content-Type: application/json" -d '{"text": "Hello"}'`,
  },
  {
    name: 'integrations',
    about: 'SharePoint libraries as knowledge.',
    example: `curl $BASE/api/v1/sparks/$SPARK/integrations/sharepoint -H "Authorization: Bearer $TOKEN"`,
  },
  {
    name: 'whatsapp',
    about: "A Spark's WhatsApp number, and Meta's signed webhook.",
    example: `curl $BASE/api/v1/sparks/$SPARK/whatsapp -H "Authorization: Bearer $TOKEN"`,
  },
  {
    name: 'messaging',
    about: 'Messenger, Instagram and Telegram, and their webhooks.',
    example: `curl $BASE/api/v1/sparks/$SPARK/channels/telegram -H "Authorization: Bearer $TOKEN"`,
  },
  {
    name: 'actions',
    about: "A Spark's actions: define, try, read their runs.",
    example: `curl $BASE/api/v1/sparks/$SPARK/actions -H "Authorization: Bearer $TOKEN"`,
  },
  { name: 'test cases', about: 'Saved test cases and their runs.', example: `curl $BASE/api/v1/sparks/$SPARK/test-cases -H "Authorization: Bearer $TOKEN"` },
  {
    name: 'insights',
    about: 'Insights, votes, the knowledge-gap inbox and visitors’ requests.',
    example: `curl "$BASE/api/v1/sparks/$SPARK/insights?days=30" -H "Authorization: Bearer $TOKEN"`,
  },
  { name: 'team', about: 'Members, roles, invitations and the audit log.', example: `curl $BASE/api/v1/team -H "Authorization: Bearer $TOKEN"` },
  { name: 'system', about: 'Health, for load balancers.', example: `curl $BASE/api/v1/health` },
];
