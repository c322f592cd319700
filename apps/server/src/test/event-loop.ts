/** How many turns the event loop took while `work` ran: none if it held the loop throughout. */
export const turnsDuring = async <T>(work: () => Promise<T>) => {
  let turns = 0;
  const count = () => {
    turns += 1;
    timer = setImmediate(count);
  };
  let timer = setImmediate(count);
  try {
    const result = await work();
    return { result, turns };
  } finally {
    clearImmediate(timer);
  }
};
