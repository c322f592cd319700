/** Epoch milliseconds. Services take a clock so tests move time instead of faking timers. */
export type TClock = () => number;

export const systemClock: TClock = () => Date.now();
