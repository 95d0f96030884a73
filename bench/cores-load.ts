/**
 * One thread of bench/cores.ts's load generator: its share of the connections, driven closed-loop
 * with the mix's bodies in turn. Several of these keep one Node thread's parsing of the answers
 * from capping what is measured on a many-core host.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { closedLoop } from './loadgen.js';

const { url, bodies, connections, seconds } = workerData as { url: string; bodies: string[]; connections: number; seconds: number };
parentPort!.postMessage(await closedLoop(url, bodies, connections, seconds, true));
