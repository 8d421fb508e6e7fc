/** Milliseconds since the epoch. Injected where time decides (sessions, tokens) so tests can move it. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
