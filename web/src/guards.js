// [SECTION] One rule for every method of a handle.
// After destroy(), every method throws one TypeError. Before ready, a
// method that changes the widget checks its arguments at the call (a bad
// name or value throws there), is queued, and returns undefined; the queue
// runs in order once the instance runs (an asleep widget wakes for one). A
// method that reads throws a TypeError saying to await ready. Arguments are converted before the
// module is entered, so no page code (a getter, a toString) runs inside a
// call into it; a destroy() from such code ends the call with the same
// TypeError.
import { quote } from './values.js';

// `w`: the widget's shared parts; w.api_() is the running instance's API or
// null, w.isDestroyed_() whether destroy() ran, w.pending the queued calls.
export function makeGuards(w) {
  const gone = () => new TypeError('flocklab: this widget was destroyed');
  const alive = () => { if (w.isDestroyed_()) throw gone(); };
  const notYet = (name) => new TypeError(`flocklab: ${name}() reads the running widget; call it after \`await handle.ready\``);
  // Page code run while reading an argument (a getter, a toString) may
  // throw anything: the caller gets a TypeError that says so.
  const guarded = (fn, a) => {
    try {
      return fn(...a);
    } catch (err) {
      if (err instanceof TypeError || err instanceof RangeError || err?.name === 'AbortError') throw err;
      throw new TypeError(`flocklab: an argument could not be read (${quote(err?.message ?? err)})`);
    }
  };
  const read = (name, fn) => (...a) => {
    alive();
    if (!w.api_()) throw notYet(name);
    return guarded(fn, a);
  };
  // check(...args) -> the converted arguments (throws for bad ones); run(...converted).
  const change = (check, run) => (...a) => {
    alive();
    const args = guarded(check, a);
    alive();
    if (!w.api_()) {
      w.pending_.push(() => run(...args));
      if (w.waking_) w.wake_(); // asleep: a change (the Play button's too) is a reason to come back
      return undefined;
    }
    return run(...args);
  };
  const none = () => [];
  const aborted = () => new DOMException('the widget was destroyed', 'AbortError');
  return { gone_: gone, alive_: alive, notYet_: notYet, guarded_: guarded, read_: read, change_: change, none_: none, aborted_: aborted };
}
