import type { AddWebsiteBody, Website, WebsiteSchedule } from '@sparks/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { websitesCalls } from './websites-calls';

export const websitesKey = (sparkId: string) => ['sparks', sparkId, 'websites'] as const;
/** While a site's pages are being found or read, the list is asked again this often. */
const BUSY_POLL_MS = 1_500;

const busy = (websites: readonly Website[] | undefined) =>
  websites?.some((website) => website.state === 'discovering' || website.state === 'importing') ?? false;

/**
 * A Spark's websites, kept live while any is being crawled or read. While pages are being read,
 * and once more when they are, the Spark's documents are asked again: the pages arrive as
 * documents without any upload of the owner's to refresh the list.
 */
export function useWebsites(sparkId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: websitesKey(sparkId),
    queryFn: () => websitesCalls.list(sparkId),
    enabled: Boolean(sparkId),
    refetchInterval: (current) => (busy(current.state.data) ? BUSY_POLL_MS : false),
  });
  const reading = useRef(false);
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    const now = data?.some((website) => website.state === 'importing') ?? false;
    if (now || reading.current) void queryClient.invalidateQueries({ queryKey: ['sparks', sparkId, 'documents'] });
    reading.current = now;
  }, [data, dataUpdatedAt, queryClient, sparkId]);
  return query;
}

/** What the owner does to a Spark's websites; each refreshes the list, and the documents when pages may have changed. */
export function useWebsiteActions(sparkId: string) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: websitesKey(sparkId) });
    await queryClient.invalidateQueries({ queryKey: ['sparks', sparkId, 'documents'] });
  };
  return {
    add: useMutation({ mutationFn: (body: AddWebsiteBody) => websitesCalls.add(sparkId, body), onSettled: refresh }),
    read: useMutation({
      mutationFn: ({ websiteId, leaveOut }: { websiteId: string; leaveOut: string[] }) => websitesCalls.read(sparkId, websiteId, leaveOut),
      onSettled: refresh,
    }),
    sync: useMutation({ mutationFn: (websiteId: string) => websitesCalls.sync(sparkId, websiteId), onSettled: refresh }),
    cancel: useMutation({ mutationFn: (websiteId: string) => websitesCalls.cancel(sparkId, websiteId), onSettled: refresh }),
    schedule: useMutation({
      mutationFn: ({ websiteId, schedule }: { websiteId: string; schedule: WebsiteSchedule }) => websitesCalls.update(sparkId, websiteId, { schedule }),
      onSettled: refresh,
    }),
    // The paths are kept for the next reading of the site; the pages read so far stay until then.
    paths: useMutation({
      mutationFn: ({ websiteId, include, exclude }: { websiteId: string; include: string[]; exclude: string[] }) =>
        websitesCalls.update(sparkId, websiteId, { include, exclude }),
      onSettled: refresh,
    }),
    remove: useMutation({ mutationFn: (websiteId: string) => websitesCalls.remove(sparkId, websiteId), onSettled: refresh }),
  };
}
