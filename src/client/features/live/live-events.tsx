import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { liveConnection } from '../../lib/live-connection';
import { useCurrentUser, useCurrentUserPolling } from '../auth/use-current-user';
import { applyLiveEvent } from './apply-live-event';
import { CacheWriter } from './cache-writer';

/**
 * Opens the tab's live stream at start-up, for visitors too, and feeds its events into the query cache.
 * When the tab's user changes (login, logout, a session that ended) the stream is opened again, because
 * the server decides what a stream carries from the session cookie it had when it opened. While the stream
 * does not carry the user's changes, it polls the user instead (useCurrentUserPolling).
 */
export function LiveEvents() {
  const queryClient = useQueryClient();
  const { user, isLoading } = useCurrentUser();
  useCurrentUserPolling();
  const userId = isLoading ? undefined : (user?.id ?? null);
  // Who the stream was (re)opened for; undefined until the first answer about the user.
  const openedFor = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    const writer = new CacheWriter(queryClient);
    liveConnection.setHandler((name, data) => applyLiveEvent(queryClient, writer, name, data));
    liveConnection.start();
    return () => {
      liveConnection.stop();
      writer.dispose();
    };
  }, [queryClient]);

  useEffect(() => {
    if (userId === undefined) return;
    // The stream opened at start-up used the same cookie as the first user answer: no need to reopen it.
    if (openedFor.current !== undefined && openedFor.current !== userId) liveConnection.restart();
    openedFor.current = userId;
  }, [userId]);

  return null;
}
