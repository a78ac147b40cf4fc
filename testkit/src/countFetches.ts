/**
 * Counts the requests the code under test sends to URLs starting with `prefix`, where it sends them (`fetch`), until
 * `stop()`. A loopback server in the same process counts only what it has read: on a loaded machine a short client
 * timeout can end a request the server has not read yet, so "how many times did it try" is asked here.
 */
export function countFetches(prefix: string): { sent: () => number; stop: () => void } {
  const original = globalThis.fetch;
  let sent = 0;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith(prefix)) sent += 1;
    return original(input, init);
  };
  return { sent: () => sent, stop: () => void (globalThis.fetch = original) };
}
