/** A worker for test/worker-pool.test.ts whose module fails as it loads, as a broken install would. */
throw new Error('this worker cannot start');
