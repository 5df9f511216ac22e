import { useEffect, useState } from 'react';
import type { StreamData, StreamName, StreamParams } from '../../shared/ipc/contract';
import { subscribe } from './bridge';

/** The newest value of a status stream (connection, budget, tokenProgress, theme). */
export function useStreamValue<S extends Exclude<StreamName, 'quotes'>>(
  stream: S,
  params: StreamParams<S> = {} as StreamParams<S>,
): StreamData[S] | undefined {
  const [value, setValue] = useState<StreamData[S] | undefined>(undefined);
  const key = JSON.stringify(params);
  useEffect(() => subscribe(stream, JSON.parse(key) as StreamParams<S>, setValue), [stream, key]);
  return value;
}
