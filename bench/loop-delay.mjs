// Imported into a benchmarked server (`node --import ./bench/loop-delay.mjs …`): measures how
// long the event loop was held (perf_hooks' histogram, 5 ms resolution) and writes the longest
// hold, in ms, to LOOP_DELAY_FILE whenever asked (SIGUSR2, which also starts a new measure) and
// at exit.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
const write = () => {
  if (process.env.LOOP_DELAY_FILE) fs.writeFileSync(process.env.LOOP_DELAY_FILE, String(histogram.max / 1e6));
};
process.on('SIGUSR2', () => {
  write();
  histogram.reset();
});
process.on('exit', write);
