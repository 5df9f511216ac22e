import { runChart } from './scenarios/chart';
async function main() {
  console.log(JSON.stringify(await runChart({ runs: 1, bars: 100_000, updates: 10, older: 5_000 })));
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
