// WebGL contexts are few: a browser keeps about 16 per page and drops the
// oldest beyond that, and widgets that take them back from each other
// would lose and restore without end. The page's widgets share at most
// MAX_LIVE: a widget that needs one when none is free takes it from the
// least recently used widget (one off screen first), which keeps its last
// frame as a picture and a button to make it live again.
// Measured (headless Chromium, software WebGL, this project's 2-core
// machine): the browser drops its oldest context at the 17th; 12 live
// widgets of 60 boids draw at 26 frames a second (8: 30, 4: 53), each
// keeping the simulation's real-time pace, and 4 contexts stay free for the
// page's own (a map, a video, another library).
export const MAX_LIVE = 12;

const live = []; // entries with a context, least recently used first

export function register(entry) {
  if (!live.includes(entry)) live.push(entry);
}
// Returns whether it had a context.
export function unregister(entry) {
  const i = live.indexOf(entry);
  if (i >= 0) live.splice(i, 1);
  return i >= 0;
}
export function touch(entry) {
  const i = live.indexOf(entry);
  if (i >= 0) live.push(...live.splice(i, 1));
}
// For tests and authors: how many are live, and how often widgets gave
// theirs up (parks) and made one again (restores).
export const counted = { parks: 0, restores: 0 };
export const contextStats = () => ({ live: live.length, max: MAX_LIVE, ...counted });

// A context the page let go (parked, or its widget destroyed) still counts
// against WebKit's 16 until it is collected, and WebKit then drops the
// context that drew or read pixels least recently, lost or live. A parked
// one drew its picture last of all (park(), lifecycle.js), so without a
// turn of the others' a new context made before a collection cost a live
// widget its context (seen with 30 widgets on a busy machine). Once any
// was let go, each live context reads one pixel (no change to what it
// shows) before a new one is made (here, and as a new instance starts, in
// its preRun: loader.js): every let-go context is then older.
let anyLetGo = false;
export const released = () => { anyLetGo = true; };
export function refreshLive() {
  if (anyLetGo) for (const e of live) e.refresh();
}

// Frees contexts until one more fits; `onScreenToo`: an on-screen widget may
// give its context up (someone asked for this one by hand). Returns whether
// one more fits now.
export function makeRoom(onScreenToo = true) {
  while (live.length >= MAX_LIVE) {
    const victim = live.find((e) => !e.onScreen()) ?? (onScreenToo ? live[0] : null);
    if (!victim) return false;
    victim.park();
  }
  refreshLive();
  return true;
}
