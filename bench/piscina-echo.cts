/** bench/pool-handoff.bench.ts's worker for Piscina (which require()s it): hands the task's bytes straight back. */
import { move } from 'piscina';

export = (bytes: Uint8Array | null) => (bytes ? move(bytes) : null);
