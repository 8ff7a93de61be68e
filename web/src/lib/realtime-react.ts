import { useEffect, useRef, useState } from 'react';
import {
  type ConnectionState,
  createRealtimeClient,
  type LiveJobProgress,
  type RealtimeClientOptions,
} from './realtime';

/**
 * Watches one job's pushed progress while `jobId` is set: a socket opens on mount (or when a job id
 * arrives) and closes on unmount (or when it goes away). Answers the connection state for the
 * indicator, undefined while nothing is watched.
 */
export function useJobProgress(
  jobId: string | undefined,
  onProgress: (progress: LiveJobProgress) => void,
  options?: RealtimeClientOptions,
): ConnectionState | undefined {
  const [state, setState] = useState<ConnectionState | undefined>(undefined);
  // The latest callback, without reopening the socket when the caller passes a new function.
  const listener = useRef(onProgress);
  listener.current = onProgress;
  const settings = useRef(options);

  useEffect(() => {
    if (jobId === undefined) {
      setState(undefined);
      return;
    }
    const client = createRealtimeClient(settings.current);
    setState(client.state);
    const stopState = client.onState(setState);
    const stopProgress = client.subscribe(jobId, (progress) => listener.current(progress));
    return () => {
      stopProgress();
      stopState();
      client.close();
    };
  }, [jobId]);

  return state;
}
