import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_WATCH_MAX_SETS, type Prize, type ProductListing } from '@kujiya/shared';
import { productsQueryKey } from '../../../lib/query-keys';
import { liveSocket, useLiveMessages } from '../../../app/live';
import { listingWithBoard, prizesWithBoard } from '../lib/live-board';

/**
 * Watches these sets' live prize boards (the first LIVE_WATCH_MAX_SETS; put the open popup's set
 * first) and writes each board into the listing and the set's prize lists, so the cards and the play
 * popup show tickets left and prizes remaining as they move (docs/rules/drops.md, "Live board").
 */
export function useLivePrizeBoard(setIds: readonly string[]): void {
  const queryClient = useQueryClient();
  const watched = [...new Set(setIds)].slice(0, LIVE_WATCH_MAX_SETS).join(',');

  useEffect(() => {
    const socket = liveSocket();
    socket.watch(watched ? watched.split(',') : []);
    return () => socket.watch([]);
  }, [watched]);

  useLiveMessages((message) => {
    if (message.type !== 'board') return;
    queryClient.setQueryData<ProductListing>(productsQueryKey, (listing) =>
      listing ? listingWithBoard(listing, message) : listing,
    );
    queryClient.setQueriesData<Prize[]>({ queryKey: ['prizes', message.setId] }, (prizes) =>
      prizes ? prizesWithBoard(prizes, message) : prizes,
    );
  });
}
