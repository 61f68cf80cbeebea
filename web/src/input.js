// Input: the canvas, its keys, and which touches and wheel turns are the
// widget's. The page keeps Tab, Shift+Tab, scrolling and its own shortcuts;
// every widget key goes to the module by name (fl_key), which says whether
// it used it, so the keys live in one table in the core (core/keys.cpp).
import { own } from './values.js';

// How a key event is named for the module: "Shift+ArrowLeft", "?", "h", " ".
export function keyName(e) {
  const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  return e.shiftKey && k.length > 1 ? `Shift+${k}` : k;
}

// The element's canvas (made if missing) and the listeners that keep the
// page's keys and scrolling. The canvas may be replaced later (a lost WebGL
// context): the element's listeners ask for the current one.
// w: {el, signal, api() (null until ready), escape(), key(name, repeat) -> bool}
export function prepareCanvas(w) {
  const { el_: el, signal_: signal } = w;
  let canvas = own(el, 'canvas')[0];
  if (!canvas) {
    canvas = document.createElement('canvas');
    el.prepend(canvas);
  }
  if (!canvas.hasAttribute('tabindex')) canvas.tabIndex = 0; // keys only while focused
  const isCanvas = (t) => t instanceof HTMLCanvasElement && t.closest('.flocklab') === el;
  armKeys(w, isCanvas);
  armTouches(w, isCanvas);
  // A finger's tap reaches SDL as mouse events: say which it was, so a
  // finger gets a finger's reach when it picks a boid; and whether Ctrl is
  // held (Ctrl+click types into a slider), which SDL knows only from keys
  // the canvas itself got.
  el.addEventListener('pointerdown', (e) => {
    if (isCanvas(e.target)) w.api_()?.setPointer(e.pointerType === 'touch' ? 1 : 0, e.ctrlKey ? 1 : 0);
  }, { capture: true, signal });
  armCanvas(canvas, signal);
  armTouchChunk(w);
  return canvas;
}

// Keys on the focused canvas: the module's (fl_key), or the page's.
function armKeys(w, isCanvas) {
  const { el_: el, signal_: signal } = w;
  // Stopped on their way down to the canvas (capture, on the widget's
  // element), keys the widget or the page keeps never reach SDL, which would
  // cancel them: Tab moves focus on, Escape clears then leaves, and a key
  // the widget used is not seen twice.
  el.addEventListener('keydown', (e) => {
    if (!isCanvas(e.target)) return;
    if (e.key === 'Tab' || e.ctrlKey || e.altKey || e.metaKey) {
      e.stopPropagation();
      return;
    }
    if (e.key === 'Escape') {
      e.stopPropagation();
      if (!w.escape_()) e.target.blur(); // a first Escape clears a selection, a panel, the help
      return;
    }
    if (w.key_(keyName(e), e.repeat)) {
      e.stopPropagation();
      e.preventDefault();
    }
  }, { capture: true, signal });
}

// Which touches and wheel turns are the widget's, and a finger's long press.
function armTouches(w, isCanvas) {
  const { el_: el, signal_: signal } = w;
  // The page scrolls under the wheel (unless the pointer is on the tuning
  // panel), and a swipe scrolls it too: only a touch that starts on the
  // panel or on something the widget lets you drag (the hawk, a target)
  // reaches SDL, which would otherwise cancel the scrolling. A tap still
  // reaches it, as the mouse events the browser makes of a tap.
  const at = (c, p, drag) => {
    const api = w.api_();
    if (!api) return false;
    const r = c.getBoundingClientRect();
    return api.grabs((p.clientX - r.left) / r.width, (p.clientY - r.top) / r.height, drag ? 1 : 0) === 1;
  };
  el.addEventListener('wheel', (e) => { if (isCanvas(e.target) && !at(e.target, e, false)) e.stopPropagation(); }, { capture: true, signal });
  let pageTouch = false;
  // A finger held still for kHoldMs and lifted is a long press, which the
  // view may use (the crowd moves its goal there); the page's scrolling is
  // left alone. Timed by the events' own time stamps (when the finger went
  // down and up), not a timer: a busy page that handles them late does not
  // turn a tap into a long press.
  const kHoldMs = 500;
  let press = null; // {c, x, y, t}: one finger down on a canvas, still so far
  el.addEventListener('touchstart', (e) => {
    if (!isCanvas(e.target)) return;
    pageTouch = !at(e.target, e.touches[0], true);
    if (pageTouch) e.stopPropagation();
    const t = e.touches[0];
    press = e.touches.length === 1 ? { c: e.target, x: t.clientX, y: t.clientY, t: e.timeStamp } : null;
  }, { capture: true, signal });
  for (const type of ['touchmove', 'touchend', 'touchcancel']) {
    el.addEventListener(type, (e) => {
      if (!isCanvas(e.target)) return;
      if (type === 'touchend' && press && e.timeStamp - press.t >= kHoldMs) {
        const r = press.c.getBoundingClientRect();
        w.api_()?.hold((press.x - r.left) / r.width, (press.y - r.top) / r.height);
      }
      if (type !== 'touchmove' || Math.hypot(e.touches[0].clientX - press?.x, e.touches[0].clientY - press?.y) > 10) press = null;
      if (pageTouch) e.stopPropagation();
    }, { capture: true, signal });
  }
}

function armTouchChunk(w) {
  const { el_: el, signal_: signal } = w;
  // What only a touch screen needs (touch.js, a chunk of its own), armed
  // where there is one, or at the first touch: typing into the panel's
  // numbers with the on-screen keyboard, and the zoom for fingers (w.zoom_).
  let armed = null;
  const armTouch = () => {
    const parts = { el, signal, api: () => w.api_(), t: (s) => w.lang_.t(s), escape: () => w.escape_(), canvas: () => w.canvas_() };
    armed ??= import('./flocklab-touch.js').then((m) => {
      m.armTyping(parts);
      w.zoom_ = m.makeZoom(parts);
    }).catch(() => {}); // without it: no keyboard for the panel, no zoom; the rest works
  };
  // Where there is a touch screen, once the widget is ready: its fetch and
  // its script's evaluation stay out of the way of the widget's start.
  if (typeof matchMedia === 'function' && matchMedia('(any-pointer: coarse)').matches) el.addEventListener('flocklab:ready', armTouch, { once: true, signal });
  el.addEventListener('touchstart', armTouch, { capture: true, once: true, signal });
}

// A canvas does not take focus by being clicked in every browser. A mouse or
// pen takes it on press; a finger only on a tap, so a swipe that scrolls the
// page leaves focus (and its ring) where it was.
export function armCanvas(canvas, signal) {
  let touch = null;
  canvas.addEventListener('pointerdown', (e) => {
    if (e.pointerType === 'touch') touch = { x: e.clientX, y: e.clientY };
    else canvas.focus({ preventScroll: true });
  }, { signal });
  canvas.addEventListener('pointerup', (e) => {
    if (e.pointerType !== 'touch' || !touch) return;
    if (Math.hypot(e.clientX - touch.x, e.clientY - touch.y) < 10) canvas.focus({ preventScroll: true });
    touch = null;
  }, { signal });
  canvas.addEventListener('pointercancel', () => { touch = null; }, { signal }); // the page took it: a scroll
  canvas.addEventListener('contextmenu', (e) => e.preventDefault(), { signal });
}
