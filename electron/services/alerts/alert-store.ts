import { z } from 'zod';
import { priceAlertSchema, type PriceAlert } from '../../../shared/ipc/alerts';
import {
  movedAsideMessage,
  readJsonStore,
  writeJsonAtomicSync,
  type StoreWarning,
} from '../../common/atomic-file-node';

/**
 * Price alerts in userData/alerts.json: `{ version: 1, alerts: [...] }`. Every change is written at
 * once (atomically): a fired alert must stay fired after a crash, or it would notify again on the
 * next start. A file this build cannot read is moved aside (never overwritten) and reported, and
 * the app starts with no alerts (docs/shell.md "Stored files").
 */
const ALERTS_FILE_VERSION = 1;

const alertsFileSchema = z.object({
  version: z.literal(ALERTS_FILE_VERSION),
  alerts: z.array(priceAlertSchema).max(10_000),
});
type AlertsFile = z.output<typeof alertsFileSchema>;

export interface AlertStore {
  load(): PriceAlert[];
  save(alerts: readonly PriceAlert[]): void;
}

export function createAlertStore(file: string, onWarning?: StoreWarning): AlertStore {
  return {
    load() {
      const read = readJsonStore(file, alertsFileSchema);
      if (read.status === 'ok') return read.value.alerts;
      if (read.status === 'moved-aside') onWarning?.(movedAsideMessage(file, read), 'moved-aside');
      return [];
    },
    save(alerts) {
      const body: AlertsFile = { version: ALERTS_FILE_VERSION, alerts: [...alerts] };
      writeJsonAtomicSync(file, body);
    },
  };
}
