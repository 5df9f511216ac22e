import { startBusy } from './busy';

/**
 * For test/bench/busy.test.ts: starts the burner, prints its pid, then ends as argv[2] says
 * (`stop`, `throw`, `exit`, or waits to be sent a signal).
 */
const burner = startBusy();
process.stdout.write(`${burner.pid ?? ''}\n`);
const how = process.argv[2];
if (how === 'stop') burner.stop();
else if (how === 'throw')
  setTimeout(() => {
    throw new Error('bench failed');
  }, 50);
else if (how === 'exit') setTimeout(() => process.exit(1), 50);
else setInterval(() => undefined, 1_000);
