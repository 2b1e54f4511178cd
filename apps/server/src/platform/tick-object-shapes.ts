import { createHook } from 'node:async_hooks';

/** Node's name for the resource of a process.nextTick entry, as async hooks see it. */
const TICK_OBJECT_RESOURCE = 'TickObject';

let keptTickObject: object | undefined;

/**
 * Keeps one of Node's own nextTick entries alive for the life of the process, so the object shapes (V8 maps)
 * of every later entry stay the ones V8 optimized for.
 *
 * Why: Node 20 makes each process.nextTick entry with an object literal whose first two keys are computed
 * (the async ids), and V8 optimizes those stores for the shapes it saw first. Nothing holds those shapes
 * strongly once no entry is queued, so a full garbage collection at an idle moment frees them; the next
 * entry gets new ones, the stores' feedback turns megamorphic and, from then on, every nextTick of the
 * process (several per HTTP request) adds its properties through V8's runtime. It happened to four of five
 * fresh servers (startup work ends in idle full collections) and cost each about a third of a small
 * request's throughput for its whole life; a hello-world put through five idle collections lost a quarter.
 * Holding one entry keeps its shape chain, back to the literal's first shape, alive (bench/README.md,
 * "Session 8"). Call it first thing, before the process does any real work.
 */
export function keepTickObjectShapesAlive(): void {
  if (keptTickObject) return;
  // Async hooks are on only for this one nextTick: its init hook is handed the entry itself.
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === TICK_OBJECT_RESOURCE && !keptTickObject) keptTickObject = resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => undefined);
  } finally {
    hook.disable();
  }
  if (!keptTickObject) throw new Error('invariant: process.nextTick made no TickObject for its init hook');
}

/** The entry kept by keepTickObjectShapesAlive, if it has run (for its test). */
export function keptTickObjectForTest(): object | undefined {
  return keptTickObject;
}
