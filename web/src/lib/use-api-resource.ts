import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from './api-client';

/** What a component shows of something it reads from the API: a skeleton, an error, the value. */
export type ApiResource<T> =
  | { status: 'loading' }
  /** `httpStatus`: the server's status when it answered (403: not worth retrying; 404: there is none), else null. */
  | { status: 'failed'; message: string; httpStatus: number | null }
  | { status: 'ready'; value: T };

export interface ApiResourceHandle<T> {
  resource: ApiResource<T>;
  /** Reads again; what is shown stays until the new answer is there. */
  reload: () => Promise<void>;
  /** Changes the value shown after a write this component made (a key created, a hook deleted). */
  update: (change: (value: T) => T) => void;
}

/**
 * Reads a signed-in reader's own data for a part of a page that is never rendered on the server
 * (Settings' keys and webhooks). `read` must keep its identity (module level, or useCallback): a
 * new one reads again. The previous read is abandoned when a newer one starts or the part goes.
 */
export function useApiResource<T>(
  read: (signal: AbortSignal) => Promise<ApiResult<T>>,
  enabled = true,
): ApiResourceHandle<T> {
  const [resource, setResource] = useState<ApiResource<T>>({ status: 'loading' });
  const inFlight = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setResource((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    const result = await read(controller.signal);
    if (controller.signal.aborted) return;
    setResource(
      result.ok
        ? { status: 'ready', value: result.data }
        : { status: 'failed', message: result.error.message, httpStatus: result.error.status },
    );
  }, [read]);

  useEffect(() => {
    if (!enabled) return;
    void reload();
    return () => inFlight.current?.abort();
  }, [enabled, reload]);

  const update = useCallback((change: (value: T) => T) => {
    setResource((current) =>
      current.status === 'ready' ? { status: 'ready', value: change(current.value) } : current,
    );
  }, []);

  return { resource, reload, update };
}
