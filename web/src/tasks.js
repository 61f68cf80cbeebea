// Work in slices: the next task without the 4 ms that nested timers wait,
// and how long one slice of a run, an experiment or a benchmark works.
export const RUN_SLICE_MS = 40; // the page stays responsive, typing within 100 ms

// Whether the module runs in a page: imported on a server (a site
// framework's build or server-side rendering), it touches no window,
// document or channel, and leaves nothing open.
export const inPage = typeof window === 'object' && typeof document === 'object';
export function needPage(what) {
  if (!inPage) throw new Error(`flocklab: ${what} runs in a browser page; on a server import the module only, and mount where the page runs (onMount, useEffect, a client-only component)`);
}

// The next task: a message to ourselves (the channel made at its first use).
// `first`: ahead of the slices already queued (a widget's start and its
// set-up, which the student waits for, before the mounting of the widgets
// further down the page).
export const nextTask = (() => {
  if (typeof MessageChannel !== 'function') return (fn) => setTimeout(fn, 0);
  const queue = [];
  let channel = null;
  return (fn, first = false) => {
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => queue.shift()?.();
    }
    if (first) queue.unshift(fn);
    else queue.push(fn);
    channel.port2.postMessage(0);
  };
})();
