import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Writes live events into the query cache without losing a race against a fetch already under way: that
 * fetch's answer may have been read before the change, and would overwrite whatever the event wrote.
 */
export class CacheWriter {
  /** Queries whose first fetch was under way when a change arrived: fetched again once it settles. */
  readonly #refetchWhenSettled = new Set<string>();
  readonly #unsubscribe: () => void;

  constructor(private readonly queryClient: QueryClient) {
    this.#unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      const hash = event.query.queryHash;
      if (!this.#refetchWhenSettled.has(hash)) return;
      if (event.type === 'removed') this.#refetchWhenSettled.delete(hash);
      if (event.type !== 'updated' || event.query.state.fetchStatus !== 'idle') return;
      this.#refetchWhenSettled.delete(hash);
      void queryClient.invalidateQueries({ queryKey: event.query.queryKey, exact: true });
    });
  }

  dispose(): void {
    this.#unsubscribe();
    this.#refetchWhenSettled.clear();
  }

  /**
   * Fetches again what is shown under `queryKey` (the rest is only marked stale). A fetch under way is
   * replaced by a new one, or, for a first fetch, which TanStack Query will not cancel, followed by one.
   */
  refresh(queryKey: QueryKey, exact = false): void {
    for (const query of this.queryClient.getQueryCache().findAll({ queryKey, exact })) {
      if (query.state.fetchStatus !== 'idle' && query.state.data === undefined) {
        this.#refetchWhenSettled.add(query.queryHash);
      }
    }
    void this.queryClient.invalidateQueries({ queryKey, exact });
  }

  /**
   * Sets the query's data from an event, if it is cached. `update` gets the cached data and returns the new,
   * or undefined when the event alone cannot tell (then the query is fetched again). While a fetch is under
   * way the query is fetched again instead, as that fetch's answer might be older than the event.
   */
  write<T>(queryKey: QueryKey, update: (old: T | undefined) => T | undefined): void {
    const query = this.queryClient.getQueryCache().find({ queryKey, exact: true });
    if (!query) return;
    if (query.state.fetchStatus !== 'idle') {
      this.refresh(queryKey, true);
      return;
    }
    const next = update(query.state.data as T | undefined);
    if (next === undefined) this.refresh(queryKey, true);
    else this.queryClient.setQueryData<T>(queryKey, next);
  }
}
