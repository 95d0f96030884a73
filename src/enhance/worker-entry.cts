/**
 * What Piscina loads in each worker thread. Piscina require()s its file first, and Node 20's
 * require() of an ES module can abort the whole process (V8's fatal "IsGraphAsync must be used on
 * an instantiated module", from require(esm) meeting a module graph that is not yet instantiated);
 * a fresh clone's CI run met it once, in a test that starts and stops pools. This file is
 * CommonJS, so require() takes it as it always has, and it brings the worker's ES module in by
 * import(), once, as the worker starts (the descriptions load then, not on the first task).
 */
import type { WorkerResult, WorkerTask } from './worker.js';

const handler: Promise<(task: WorkerTask) => WorkerResult> = import('./worker.js').then((worker) => worker.default);

export = function enhanceTask(task: WorkerTask): Promise<WorkerResult> {
  return handler.then((enhance) => enhance(task));
};
