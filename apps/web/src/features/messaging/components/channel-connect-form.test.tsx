import { connectMetaBodySchema } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { ApiError } from '../../../lib/api-client';
import { ChannelConnectForm } from './channel-connect-form';

const FIELDS = [
  { name: 'pageId', numeric: true, maxLength: 25 },
  { name: 'pageAccessToken', secret: true, maxLength: 2048 },
  { name: 'appSecret', secret: true, maxLength: 64 },
] as const;

describe('the connection form of a messaging channel', () => {
  it('puts the server’s refusal under the field it names, and the rest in an alert for the whole form', async () => {
    const error = new ApiError(
      'body.appSecret: must be the App secret from the app’s basic settings: 32 letters and digits, Meta refused the Page access token',
      400,
    );
    const html = renderHtml(
      <ChannelConnectForm platform="meta" fields={FIELDS} schema={connectMetaBodySchema} saving={false} error={error} onSubmit={() => undefined} />,
      await testI18n('en'),
    );
    expect(html).toMatch(
      /<input [^>]*id="([^"]+)"[^>]*aria-invalid="true" aria-describedby="\1-error \1-hint"[^>]*type="password".*<p id="\1-error" role="alert"[^>]*>must be the App secret from the app’s basic settings: 32 letters and digits<\/p>/,
    );
    expect(html).toContain(
      '<div role="alert" class="rounded-lg border px-3 py-2 text-sm border-red-200 bg-red-50 text-red-800">Meta refused the Page access token</div>',
    );
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(1);
  });

  it('says it saves new values, and offers to cancel, when it replaces a connection', async () => {
    const html = renderHtml(
      <ChannelConnectForm
        platform="meta"
        fields={FIELDS}
        schema={connectMetaBodySchema}
        saving={false}
        error={null}
        replacing
        onSubmit={() => undefined}
        onCancel={() => undefined}
      />,
      await testI18n('es'),
    );
    expect(html).toContain('>Guardar los valores nuevos</button>');
    expect(html).toContain('>Cancelar</button>');
    expect(html).not.toContain('role="alert"');
  });
});
