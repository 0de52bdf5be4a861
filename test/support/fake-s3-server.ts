import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3Server {
  endpoint: string;
  bucket: string;
  /** Objects by key, as stored. */
  objects: Map<string, Buffer>;
  /** Requests that came without an AWS Signature Version 4 header for the expected key id. */
  unsigned: number;
  close(): Promise<void>;
}

const xmlEscape = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function notFound(res: ServerResponse, key: string, head: boolean): void {
  res.writeHead(404, { 'content-type': 'application/xml' });
  res.end(
    head
      ? undefined
      : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${xmlEscape(key)}</Key></Error>`,
  );
}

/**
 * An S3-shaped object store on loopback, path-style: PUT, GET, HEAD and DELETE of objects and
 * ListObjectsV2 by prefix — the calls the product makes — over real HTTP from the AWS SDK.
 */
export async function startFakeS3Server(options: { bucket?: string; accessKeyId?: string } = {}): Promise<FakeS3Server> {
  const bucket = options.bucket ?? 'sparks-test';
  const accessKeyId = options.accessKeyId ?? 'TESTKEY';
  const objects = new Map<string, Buffer>();
  const state = { unsigned: 0 };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://s3.local');
      if (!String(req.headers.authorization ?? '').startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) state.unsigned += 1;
      const [, bucketName, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      if (bucketName !== bucket) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchBucket</Code><Message>The specified bucket does not exist</Message></Error>');
        return;
      }
      if (req.method === 'GET' && !key && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((name) => name.startsWith(prefix)).sort();
        const contents = keys.map((name) => `<Contents><Key>${xmlEscape(name)}</Key><Size>${objects.get(name)!.length}</Size></Contents>`).join('');
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
        );
        return;
      }
      if (req.method === 'PUT' && key) {
        const body = await readBody(req);
        if (req.headers['content-length'] !== undefined && Number(req.headers['content-length']) !== body.length) {
          res.writeHead(400, { 'content-type': 'application/xml' });
          res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>IncompleteBody</Code><Message>Length mismatch</Message></Error>');
          return;
        }
        objects.set(key, body);
        res.writeHead(200, { etag: `"${body.length.toString(16)}"` });
        res.end();
        return;
      }
      const object = objects.get(key);
      if (req.method === 'GET' || req.method === 'HEAD') {
        if (!object) return notFound(res, key, req.method === 'HEAD');
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': object.length });
        res.end(req.method === 'HEAD' ? undefined : object);
        return;
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        res.end();
        return;
      }
      res.writeHead(405);
      res.end();
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    get unsigned() {
      return state.unsigned;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
