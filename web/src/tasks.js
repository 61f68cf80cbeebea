// Work in slices: the next task without the 4 ms that nested timers wait,
// and how long one slice of a run, an experiment or a benchmark works.
export const RUN_SLICE_MS = 40; // the page stays responsive, typing within 100 ms

// The next task: a message to ourselves.
export const nextTask = (() => {
  if (typeof MessageChannel !== 'function') return (fn) => setTimeout(fn, 0);
  const queue = [];
  const channel = new MessageChannel();
  channel.port1.onmessage = () => queue.shift()?.();
  return (fn) => {
    queue.push(fn);
    channel.port2.postMessage(0);
  };
})();
