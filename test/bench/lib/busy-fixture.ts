import { startBusy } from './busy';

/**
 * For test/bench/busy.test.ts: starts the burner, prints its pid, then ends as argv[2] says
 * (`stop`, `throw`, `exit`, or waits to be sent a signal). It ends only once the test has seen the
 * burner alive and says so (a line on stdin): ended at once, `stop` could take the burner away
 * before the test looked.
 */
const burner = startBusy();
process.stdout.write(`${burner.pid ?? ''}\n`);
const how = process.argv[2];
if (how === 'signal') setInterval(() => undefined, 1_000);
else
  process.stdin.once('data', () => {
    process.stdin.destroy();
    if (how === 'stop') burner.stop();
    else if (how === 'throw') throw new Error('bench failed');
    else process.exit(1);
  });
