/**
 * Runs `run` and answers how many requests it sent to URLs starting with `prefix`, counted where the code under test
 * sends them (`fetch`, wrapped while `run` runs). A loopback server in the same process counts only what it has read:
 * on a loaded machine a short client timeout can end a request the server has not read yet, so "how many times did
 * it try" is asked here.
 */
export async function countFetches(prefix: string, run: () => Promise<unknown>): Promise<number> {
  const original = globalThis.fetch;
  let sent = 0;
  globalThis.fetch = (input, init) => {
    if ((input instanceof Request ? input.url : String(input)).startsWith(prefix)) sent += 1;
    return original(input, init);
  };
  try {
    await run();
  } finally {
    globalThis.fetch = original;
  }
  return sent;
}
