/** bench/pool-handoff.bench.ts's worker for the project's pool: hands the task's bytes straight back. */
import { serveTasks } from '../src/enhance/worker-pool.js';

serveTasks((bytes: Uint8Array | null) => ({ value: bytes, transfer: bytes ? [bytes.buffer as ArrayBuffer] : [] }));
