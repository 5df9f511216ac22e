import { runStreaming, SMOKE_STREAMING } from './scenarios/streaming';
runStreaming(SMOKE_STREAMING).then((r) => { console.log(JSON.stringify(r, null, 1)); process.exit(0); }, (e) => { console.error(e); process.exit(1); });
