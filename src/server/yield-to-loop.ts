// Lets the event loop serve others between the long steps of one request (docs/architecture.md,
// Budgets: no request holds the loop more than 50 ms). An awaited promise that is already
// resolved does not do that: only a macrotask does.
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
