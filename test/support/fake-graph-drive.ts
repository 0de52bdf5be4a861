import { randomBytes, randomUUID } from 'node:crypto';

/** One driveItem as the fake keeps it; deleted items stay as tombstones so delta can report them. */
export interface DriveItemRecord {
  id: string;
  name: string;
  /** null only for the drive's root. */
  parentId: string | null;
  /** Present on files, absent on folders. */
  bytes?: Buffer;
  /** SharePoint's list-item GUID, the stable part of eTag and cTag. */
  uniqueId: string;
  /** eTag changes with metadata or content, cTag with content only. */
  version: number;
  contentVersion: number;
  createdAt: Date;
  modifiedAt: Date;
  /** The drive's change counter when the item was last added or changed; delta compares against it. */
  sequence: number;
  deletedSequence?: number;
  downloadToken?: string;
}

/** Where a delta or paging token points: a frozen page list, or a position in the change history. */
type DeltaCursor = { kind: 'page'; ids: string[]; offset: number; upto: number } | { kind: 'position'; since: number };

export interface FakeSite {
  id: string;
  name: string;
  displayName: string;
  webUrl: string;
  createdDateTime: string;
  drives: GraphDrive[];
}

/** What Graph answers about sites, drives and items: a body, a redirect to the bytes, or an error. */
export type GraphAnswer = { status: 200; body: object } | { status: 302; location: string } | { status: number; code: string; message: string };

const MIME_TYPES: Record<string, string> = { pdf: 'application/pdf', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };

export function mimeTypeOf(name: string): string {
  return MIME_TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

// SharePoint item ids are 34 characters of base32 starting with "01"; clients must treat them as opaque.
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
function itemId(): string {
  return `01${Array.from(randomBytes(32), (byte) => BASE32[byte % 32]).join('')}`;
}

const CREATED = '2024-03-01T09:00:00Z';

/** A SharePoint site with one document library; its webUrl is the real shape, never fetched. */
export function fakeSite(name: string, displayName: string, libraryName: string, origin: string): FakeSite {
  // Real site ids are "hostname,site-collection-id,web-id": the commas must survive a client's URL building.
  const id = `contoso.sharepoint.com,${randomUUID()},${randomUUID()}`;
  const webUrl = `https://contoso.sharepoint.com/sites/${name}`;
  // The default library is "Documents" by name but "Shared Documents" in its URL.
  const drive = new GraphDrive(id, libraryName, `${webUrl}/Shared%20Documents`, origin);
  return { id, name, displayName, webUrl, createdDateTime: CREATED, drives: [drive] };
}

/** Graph's answer to GET /v1.0/sites… or /v1.0/drives… (path split after /v1.0), paging at pageSize. */
export function answerGraph(sites: FakeSite[], path: string[], url: URL, pageSize: number): GraphAnswer {
  const [resource, id, ...rest] = path;
  const ok = (body: object): GraphAnswer => ({ status: 200, body });
  const notFound: GraphAnswer = { status: 404, code: 'itemNotFound', message: 'The resource could not be found.' };
  const siteJson = ({ drives: _drives, ...fields }: FakeSite) => fields;
  if (resource === 'sites' && !id) {
    const q = (url.searchParams.get('search') ?? '*').trim().toLowerCase();
    return ok({ value: sites.filter((s) => q === '*' || q === '' || `${s.name} ${s.displayName}`.toLowerCase().includes(q)).map(siteJson) });
  }
  if (resource === 'sites') {
    const site = sites.find((s) => s.id === id);
    if (!site) return notFound;
    if (rest.length === 0) return ok(siteJson(site));
    if (rest.join('/') === 'drives') return ok({ value: site.drives.map((drive) => drive.json()) });
    if (rest.join('/') === 'drive') return ok(site.drives[0]!.json());
  }
  if (resource === 'drives' && id) {
    const drive = sites.flatMap((site) => site.drives).find((d) => d.id === id);
    if (!drive) return notFound;
    if (rest.length === 0) return ok(drive.json());
    // /root/… and /items/{id}/… address the same items; "root" also works as an item id.
    const [itemRef, tail = []] = rest[0] === 'root' ? ['root', rest.slice(1)] : rest[0] === 'items' && rest[1] ? [rest[1], rest.slice(2)] : [];
    const item = itemRef === undefined ? undefined : drive.get(itemRef);
    if (itemRef !== undefined && !item) return notFound;
    const action = tail.join('/');
    if (item && action === '') return ok(drive.toJson(item));
    if (item && action === 'children') return ok(drive.childrenPage(item, url, pageSize));
    if (item?.bytes && action === 'content') return { status: 302, location: drive.downloadUrl(item) };
    if (item && action === 'delta') {
      if (item !== drive.root) return { status: 400, code: 'invalidRequest', message: 'Delta is only supported on the root of a document library.' };
      const body = drive.deltaPage(url, pageSize);
      const resync = 'Resync required. Replace any local items with the server version (including deletes).';
      return body ? ok(body) : { status: 410, code: 'resyncRequired', message: resync };
    }
  }
  return { status: 400, code: 'BadRequest', message: `Resource not found for the segment '${path.join('/')}'.` };
}

// Graph may answer fewer items than $top asks for, never more than its own page.
const pageLength = (url: URL, pageSize: number): number => Math.min(pageSize, Number(url.searchParams.get('$top')) || Infinity);

// Graph's DateTimeOffset values carry whole seconds.
const isoSeconds = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * One SharePoint document library, in memory: a folder tree with a change history that the
 * Graph routes page through, list children of, and report as delta.
 */
export class GraphDrive {
  // Real drive ids are "b!" and base64url: they hold characters a client must not mangle.
  readonly id = `b!${randomBytes(48).toString('base64url')}`;
  readonly root: DriveItemRecord;
  private readonly items = new Map<string, DriveItemRecord>();
  private readonly cursors = new Map<string, DeltaCursor>();
  private sequence = 0;

  constructor(
    readonly siteId: string,
    readonly name: string,
    readonly webUrl: string,
    private readonly origin: string,
  ) {
    this.root = this.create('root', null);
  }

  /** A live item by id; "root" names the root as Graph allows. */
  get(id: string): DriveItemRecord | undefined {
    const item = id === 'root' ? this.root : this.items.get(id);
    return item && item.deletedSequence === undefined ? item : undefined;
  }

  byDownloadToken(token: string): DriveItemRecord | undefined {
    return [...this.items.values()].find((item) => item.downloadToken === token && item.deletedSequence === undefined);
  }

  children(id: string): DriveItemRecord[] {
    return [...this.items.values()].filter((item) => item.parentId === id && item.deletedSequence === undefined).sort((a, b) => a.name.localeCompare(b.name));
  }

  folderId(path: string): string {
    const folder = this.walk(path, false);
    if (!folder) throw new Error(`No folder "${path}" in ${this.name}`);
    return folder.id;
  }

  addFile(folder: string, name: string, bytes: Buffer): string {
    if (!name || name.includes('/')) throw new Error(`"${name}" is not a file name`);
    const parent = this.walk(folder, true)!;
    if (this.children(parent.id).some((item) => item.name === name)) throw new Error(`"${folder}/${name}" exists already; use changeFile`);
    const file = this.create(name, parent.id);
    file.bytes = bytes;
    file.downloadToken = randomBytes(24).toString('base64url');
    return file.id;
  }

  changeFile(id: string, bytes: Buffer): void {
    const file = this.get(id);
    if (!file?.bytes) throw new Error(`No file ${id} in ${this.name}`);
    file.bytes = bytes;
    file.version += 1;
    file.contentVersion += 1;
    // A change within the same second must still show as a newer lastModifiedDateTime.
    file.modifiedAt = new Date(Math.max(Date.now(), file.modifiedAt.getTime() + 1000));
    file.sequence = ++this.sequence;
  }

  /** Deletes an item and, for a folder, everything under it. */
  delete(id: string): void {
    const item = this.get(id);
    if (!item || item === this.root) throw new Error(`No item ${id} in ${this.name}`);
    for (const child of this.children(id)) this.delete(child.id);
    item.deletedSequence = ++this.sequence;
  }

  /**
   * One page of delta. Without a token: every live item, root first, parents before
   * children. With a position token: what changed since, tombstones included. Undefined means
   * the token is unknown here and the client must resync.
   */
  private delta(token: string | undefined, pageSize: number): { items: DriveItemRecord[]; nextToken?: string; deltaToken?: string } | undefined {
    let cursor: DeltaCursor | undefined;
    if (token === undefined) cursor = { kind: 'position', since: -1 };
    else if (token === 'latest') return { items: [], deltaToken: this.remember({ kind: 'position', since: this.sequence }) };
    else cursor = this.cursors.get(token);
    if (!cursor) return undefined;
    if (cursor.kind === 'position') {
      const since = cursor.since;
      // Freeze the list now, so changes made while the client pages land in the next round, not in a gap.
      const changed = [...this.items.values()].filter((item) =>
        since < 0 ? item.deletedSequence === undefined : (item.deletedSequence ?? item.sequence) > since,
      );
      changed.sort((a, b) => (a.deletedSequence ?? a.sequence) - (b.deletedSequence ?? b.sequence));
      cursor = { kind: 'page', ids: changed.map((item) => item.id), offset: 0, upto: this.sequence };
    }
    const end = cursor.offset + pageSize;
    const items = cursor.ids.slice(cursor.offset, end).map((id) => this.items.get(id)!);
    if (end < cursor.ids.length) return { items, nextToken: this.remember({ ...cursor, offset: end }) };
    return { items, deltaToken: this.remember({ kind: 'position', since: cursor.upto }) };
  }

  /** The driveItem JSON. Delta leaves parentReference.path out, as Graph does: clients must track items by id. */
  toJson(item: DriveItemRecord, { inDelta = false } = {}): Record<string, unknown> {
    const drive = { driveType: 'documentLibrary', driveId: this.id };
    if (item.deletedSequence !== undefined) return { id: item.id, deleted: { state: 'deleted' }, parentReference: drive };
    const parent = item.parentId ? this.items.get(item.parentId) : undefined;
    const relative = this.relativePath(item);
    const json: Record<string, unknown> = {
      id: item.id,
      name: item.name,
      eTag: `"{${item.uniqueId}},${item.version}"`,
      cTag: `"c:{${item.uniqueId}},${item.contentVersion}"`,
      createdDateTime: isoSeconds(item.createdAt),
      lastModifiedDateTime: isoSeconds(item.modifiedAt),
      size: this.sizeOf(item),
      webUrl: relative ? `${this.webUrl}/${encodeURI(relative)}` : this.webUrl,
      parentReference: parent ? { ...drive, id: parent.id, siteId: this.siteId, ...(inDelta ? {} : { path: this.pathOf(parent) }) } : drive,
    };
    if (item === this.root) json.root = {};
    if (item.bytes) {
      json.file = { mimeType: mimeTypeOf(item.name) };
      json['@microsoft.graph.downloadUrl'] = this.downloadUrl(item);
    } else {
      json.folder = { childCount: this.children(item.id).length };
    }
    return json;
  }

  json(): Record<string, unknown> {
    return { id: this.id, name: this.name, description: '', driveType: 'documentLibrary', webUrl: this.webUrl, createdDateTime: CREATED };
  }

  /** A page of a folder's children, with an absolute @odata.nextLink while more remain. */
  childrenPage(folder: DriveItemRecord, url: URL, pageSize: number): Record<string, unknown> {
    const all = this.children(folder.id);
    const skip = Buffer.from(url.searchParams.get('$skiptoken') ?? '', 'base64url').toString();
    const offset = Number(/^Paged=TRUE&p_Offset=(\d+)$/.exec(skip)?.[1] ?? 0);
    const size = pageLength(url, pageSize);
    const body: Record<string, unknown> = { value: all.slice(offset, offset + size).map((child) => this.toJson(child)) };
    const next = Buffer.from(`Paged=TRUE&p_Offset=${offset + size}`).toString('base64url');
    if (offset + size < all.length) body['@odata.nextLink'] = this.link(url, '$skiptoken', next);
    return body;
  }

  /** A page of /root/delta with its next or delta link; undefined when the token is unknown, so the client must resync. */
  deltaPage(url: URL, pageSize: number): Record<string, unknown> | undefined {
    const page = this.delta(url.searchParams.get('token') ?? undefined, pageLength(url, pageSize));
    if (!page) return undefined;
    const body: Record<string, unknown> = { value: page.items.map((item) => this.toJson(item, { inDelta: true })) };
    if (page.nextToken) body['@odata.nextLink'] = this.link(url, 'token', page.nextToken);
    else body['@odata.deltaLink'] = this.link(url, 'token', page.deltaToken!);
    return body;
  }

  downloadUrl(item: DriveItemRecord): string {
    return `${this.origin}/download/${item.downloadToken}`;
  }

  /** The same request with its paging parameter replaced: absolute, and spelled as Graph does ($skiptoken, not %24skiptoken). */
  private link(url: URL, key: string, value: string): string {
    const params = new URLSearchParams(url.searchParams);
    params.delete('$skiptoken');
    params.delete('token');
    params.set(key, value);
    return `${this.origin}${url.pathname}?${params.toString().replace(/(^|&)%24/g, '$1$')}`;
  }

  /** The parentReference.path that names this folder: /drives/{id}/root: then its path. */
  private pathOf(folder: DriveItemRecord): string {
    const relative = this.relativePath(folder);
    return `/drives/${this.id}/root:${relative ? `/${relative}` : ''}`;
  }

  private relativePath(item: DriveItemRecord): string {
    const names: string[] = [];
    for (let at = item; at !== this.root; at = this.items.get(at.parentId!)!) names.unshift(at.name);
    return names.join('/');
  }

  private sizeOf(item: DriveItemRecord): number {
    return item.bytes ? item.bytes.length : this.children(item.id).reduce((sum, child) => sum + this.sizeOf(child), 0);
  }

  private walk(path: string, createMissing: boolean): DriveItemRecord | undefined {
    let folder = this.root;
    for (const name of path.split('/').filter(Boolean)) {
      const next = this.children(folder.id).find((child) => child.name === name);
      if (next?.bytes) throw new Error(`"${name}" in "${path}" is a file, not a folder`);
      if (!next && !createMissing) return undefined;
      folder = next ?? this.create(name, folder.id);
    }
    return folder;
  }

  private create(name: string, parentId: string | null): DriveItemRecord {
    const now = new Date();
    const item: DriveItemRecord = {
      id: itemId(),
      name,
      parentId,
      uniqueId: randomUUID().toUpperCase(),
      version: 1,
      contentVersion: 1,
      createdAt: now,
      modifiedAt: now,
      sequence: ++this.sequence,
    };
    this.items.set(item.id, item);
    return item;
  }

  private remember(cursor: DeltaCursor): string {
    const token = randomBytes(18).toString('base64url');
    this.cursors.set(token, cursor);
    return token;
  }
}
