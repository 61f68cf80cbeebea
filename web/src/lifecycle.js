// A widget's life on the page: off-screen widgets pause (IntersectionObserver),
// removed ones are destroyed (MutationObserver), the canvas's pixels follow
// its displayed size (ResizeObserver), a lost WebGL context gets a fresh
// canvas, and full screen.
import { counted, makeRoom, register, released, touch, unregister } from './contexts.js';
import { armCanvas } from './input.js';
import { isHeld, startInstance } from './loader.js';
import { quote, warn } from './values.js';
import { fullscreenElement, onFullscreenChange } from './fullscreen.js';

const visibility = typeof IntersectionObserver === 'function'
  ? new IntersectionObserver((entries) => {
    for (const e of entries) e.target.flocklabVisible?.(e.isIntersecting);
  }, { rootMargin: '100px' })
  : null;
// Farther than two screens' heights from the viewport: a widget there
// gives up its instance (sleep_, below) while it is idle.
const distance = typeof IntersectionObserver === 'function'
  ? new IntersectionObserver((entries) => {
    for (const e of entries) e.target.flocklabFar?.(!e.isIntersecting);
  }, { rootMargin: '200% 0px' })
  : null;
const mounted = new Map(); // element -> what its leaving the page does
const removal = typeof MutationObserver === 'function'
  ? new MutationObserver((records) => {
    if (!records.some((r) => r.removedNodes.length > 0)) return;
    // An element in a removed iframe stays connected to that frame's
    // document, which has no window any more.
    for (const [el, gone] of [...mounted]) if (!el.isConnected || !el.ownerDocument.defaultView) gone();
  })
  : null;

// Elements whose widget was destroyed by a call: the page's auto-mounter
// (mountAll) leaves them alone until mount(el) asks for one again.
const leftAlone = new WeakSet();
export const leaveAlone = (el, on = true) => (on ? leftAlone.add(el) : leftAlone.delete(el));
export const isLeftAlone = (el) => leftAlone.has(el);

// `gone()` once `el` has left the page (a widget is destroyed, an experiment
// stops and lets its workers go); returns a function that forgets it.
// Removals are watched in the page, and in the element's own root where that
// is another (a shadow root, up to the page; an iframe's document).
export function onRemoved(el, gone) {
  mounted.set(el, gone);
  const watch = (n) => removal?.observe(n, { childList: true, subtree: true });
  watch(document.documentElement);
  for (let root = el.getRootNode(); root !== document;) {
    if (root instanceof ShadowRoot) {
      watch(root);
      root = root.host.getRootNode();
    } else {
      if (root instanceof Document) watch(root.documentElement);
      break;
    }
  }
  return () => mounted.delete(el);
}

// A note on the widget, in plain sight, for what the page around it forbids
// (full screen, the clipboard): the latest one stays until the next, or a
// click on it. `extra`: an element after the text (the link to copy by hand).
export function showNote(el, message, extra = null) {
  const p = line(el, 'fl-note', 'status');
  p.onclick = (e) => { if (e.target === p) p.remove(); };
  p.replaceChildren(message, ...(extra ? [' ', extra] : []));
  return p;
}

// The widget's one paragraph of a kind (a note, a failure), made once.
function line(el, className, role) {
  let p = el.querySelector(`:scope > .${className}`);
  if (!p) {
    p = document.createElement('p');
    p.className = className;
    p.setAttribute('role', role);
    el.append(p);
  }
  return p;
}

// A failure shown on the widget itself (and in the console): the cause and the fix.
export function showFailure(el, message) {
  el.classList.add('flocklab-failed');
  line(el, 'fl-error', 'alert').textContent = message;
}

// Text grows with the canvas on a projector or in full screen: 1 up to
// 960 CSS px wide, then in proportion (13 px text becomes 24 px on an
// 1800 px canvas, full screen at 1920x1080), unless the page set data-text-scale.
// A data-text-scale that is not a factor from 0.5 to 4 is said once per element and value.
const scaleSaid = new WeakMap();
export function textScale(el, width) {
  const raw = el.dataset.textScale;
  const set = Number(raw);
  const ok = raw !== undefined && raw.trim() !== '' && Number.isFinite(set) && set > 0;
  if (raw !== undefined && scaleSaid.get(el) !== raw) {
    scaleSaid.set(el, raw);
    if (!ok) warn(el, `data-text-scale="${quote(raw)}": expected a factor from 0.5 to 4; using the size that follows the canvas`);
    else if (set < 0.5 || set > 4) warn(el, `data-text-scale="${quote(raw)}" is outside 0.5 to 4; using ${Math.min(4, Math.max(0.5, set))}`);
  }
  if (ok) return Math.min(4, Math.max(0.5, set));
  // In full screen the canvas leaves room for the page's buttons and chart:
  // the text follows the screen's height too, to 24 px at 1080 (13 px x 1.85).
  const full = fullscreenElement() === el;
  if (full) return Math.max(1, width / 960, Math.min(24 / 13, window.innerHeight / 584));
  return width > 1400 ? Math.max(1, width / 960) : 1;
}

// Starts the observers for a ready widget; w: {el, signal, api(), canvas(), setCanvas(c), instance, spec}.
export function live(w) {
  const { el_: el, signal_: signal } = w;
  const { fit, sizes } = followSize(w);
  const graphics = makeGraphics(w, fit, sizes);
  el.flocklabVisible = graphics.visible_;
  el.flocklabFar = (far) => { w.far_ = far; if (far) w.rest_(); };
  visibility?.observe(el);
  distance?.observe(el);
  const forget = onRemoved(el, () => w.teardown_()); // put back, it is mounted afresh
  signal.addEventListener('abort', () => {
    visibility?.unobserve(el);
    distance?.unobserve(el);
    forget();
    delete el.flocklabVisible;
    delete el.flocklabFar;
  });
  return { fit, sleep_: graphics.sleep_, woke_: graphics.woke_ };
}

// The canvas's pixels, the HUD and the panel follow its displayed size;
// its shape is the world's, whatever its pixel count. fit(): now.
function followSize(w) {
  const { el_: el, signal_: signal } = w;
  const fit = () => {
    const a = w.api_();
    const r = w.canvas_().getBoundingClientRect();
    if (!a || r.width <= 0) return;
    a.setTextScale(textScale(el, r.width));
    a.resize(r.width, r.height, window.devicePixelRatio || 1);
  };
  w.canvas_().style.aspectRatio = `${w.spec_.world[0]} / ${w.spec_.world[1]}`;
  el.style.setProperty('--fl-aspect', String(w.spec_.world[0] / w.spec_.world[1])); // full screen keeps the shape
  fit();
  const sizes = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
  sizes?.observe(w.canvas_());
  // data-text-scale may change at any time (a page's projector mode).
  const scaled = typeof MutationObserver === 'function' ? new MutationObserver(fit) : null;
  scaled?.observe(el, { attributeFilter: ['data-text-scale'] });
  signal.addEventListener('abort', () => { sizes?.disconnect(); scaled?.disconnect(); });
  onFullscreenChange(() => {
    if (fullscreenElement() === el) el.scrollTop = 0; // the canvas first, whatever was scrolled before
    fit();
  }, { signal });
  return { fit, sizes };
}

// [SECTION] The widget's WebGL context. A lost one (the browser's doing, or
// parked to make room for another widget: contexts.js) gets a fresh canvas,
// and SDL a new window and renderer on it, when the widget is on screen and
// a context is free. Returns visible_(on), the widget's on-screen switch.
function makeGraphics(w, fit, sizes) {
  const { el_: el, signal_: signal } = w;
  const r0 = el.getBoundingClientRect();
  // onScreen_: until the observer says; lost_: no context now; byBrowser_: the browser took it.
  // picture_: a parked widget's picture, as a blob's URL.
  const st = { onScreen_: r0.bottom > -100 && r0.top < window.innerHeight + 100, lost_: false, parked_: false, byBrowser_: false, picture_: null };
  const entry = { onScreen: () => st.onScreen_, park: () => park(w, st, entry, swap, wake), refresh: () => refresh(w.canvas_()) };
  const onLost = (e) => {
    e.preventDefault();
    st.lost_ = true;
    if (st.parked_) return;
    unregister(entry);
    st.byBrowser_ = true;
    if (st.onScreen_) restore(w, st, entry, fit, swap);
  };
  // A fresh canvas in place of the current one (a new context can be made on it).
  const swap = () => {
    const old = w.canvas_();
    const fresh = old.cloneNode(false);
    const hadFocus = document.activeElement === old;
    sizes?.unobserve(old);
    old.replaceWith(fresh);
    w.setCanvas_(fresh);
    armCanvas(fresh, signal);
    fresh.addEventListener('webglcontextlost', onLost, { signal });
    fresh.addEventListener('pointerdown', () => touch(entry), { signal });
    sizes?.observe(fresh);
    if (hadFocus) fresh.focus({ preventScroll: true });
    return fresh;
  };
  const wake = wakeButton(w);
  const unpark = (byHand) => {
    if (!st.parked_ || !makeRoom(byHand)) return;
    st.parked_ = false;
    wake.hidden = true;
    el.classList.remove('fl-parked');
    st.lost_ = true;
    restore(w, st, entry, fit, swap);
    w.api_().setVisible(st.onScreen_ ? 1 : 0);
  };
  wake.addEventListener('click', () => {
    if (w.waking_) w.wake_(); // asleep (handle.js)
    else unpark(true);
    w.canvas_().focus({ preventScroll: true });
  }, { signal });
  w.canvas_().addEventListener('webglcontextlost', onLost, { signal });
  w.canvas_().addEventListener('pointerdown', () => touch(entry), { signal });
  if (glOf(w.canvas_())) register(entry); // software drawing uses none
  signal.addEventListener('abort', () => {
    // The context goes now, not when the canvas is collected: the page's
    // other widgets may need the browser's room for contexts.
    if (unregister(entry)) {
      glOf(w.canvas_())?.getExtension('WEBGL_lose_context')?.loseContext();
      released();
    }
    if (st.picture_) URL.revokeObjectURL(st.picture_);
  });
  const visible = (on) => {
    st.onScreen_ = on;
    if (!w.api_()) return;
    if (on) {
      touch(entry);
      if (st.parked_) unpark(false); // when a context is free, or an off-screen widget can give one
      else restore(w, st, entry, fit, swap);
    }
    w.api_().setVisible(on && !st.parked_ ? 1 : 0);
  };
  return { visible_: visible, ...asleepParts(w, st, entry, swap, wake, fit) };
}

// [SECTION] Asleep: the instance given up, its state kept as a snapshot.
// On screen, the last frame stays as the canvas's picture (as a parked
// widget's), with the Live button; the instance is made again when the widget comes
// near (loader.js), when the button is pressed, or when a script asks.
// sleep_(far) returns the snapshot, or null if it has no instance to give up
// (far: the loader let it go, out of view; else a script asked, in view or not);
// woke_(): a new instance runs with the state put back, drawing on the
// canvas it was given.
function asleepParts(w, st, entry, swap, wake, fit) {
  const el = w.el_;
  const sleep = (far) => {
    const api = w.api_();
    if (!api) return null;
    // Off screen, no picture: it wakes before it is seen again, and in
    // software WebGL the frame drawn and read back for one took most of the time.
    if (!st.parked_) park(w, st, entry, swap, wake, st.onScreen_);
    // The button's name says why it slept: the student may have watched it stop.
    wake.setAttribute('aria-label', far
      ? w.lang_.t('Make this widget live again (it gave up its memory while it was out of view)')
      : w.lang_.t('Make this widget live again (the page put it to sleep to save memory)'));
    el.classList.add('fl-asleep');
    return api.snapshot();
  };
  const woke = () => {
    st.parked_ = false;
    st.lost_ = false;
    wake.hidden = true;
    el.classList.remove('fl-asleep', 'fl-parked');
    clearPicture(st, w.canvas_());
    if (glOf(w.canvas_())) register(entry);
    fit();
    w.api_().setVisible(st.onScreen_ ? 1 : 0);
  };
  return { sleep_: sleep, woke_: woke };
}

// A parked widget's button: the last frame stays as the canvas's picture, with this to go live.
function wakeButton(w) {
  const wake = document.createElement('button');
  wake.type = 'button';
  wake.className = 'fl-wake';
  wake.textContent = `▶ ${w.lang_.t('Live')}`;
  wake.hidden = true;
  w.canvas_().after(wake);
  w.signal_.addEventListener('abort', () => wake.remove());
  return wake;
}

// A parked widget's picture goes (and its blob with it).
function clearPicture(st, c) {
  c.style.backgroundImage = '';
  if (st.picture_) URL.revokeObjectURL(st.picture_);
  st.picture_ = null;
}

// A canvas's WebGL context, if it has one (a software-drawn widget has none).
const glOf = (c) => c.getContext('webgl') ?? c.getContext('experimental-webgl');
// One pixel read: WebKit then counts the context as just used (contexts.js).
const pixel = new Uint8Array(4);
function refresh(c) {
  const gl = glOf(c);
  if (gl && !gl.isContextLost()) gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
}

// A new context on a fresh canvas, if the context is lost and the widget ready.
function restore(w, st, entry, fit, swap) {
  if (!st.lost_ || !w.api_()) return;
  counted.restores++;
  makeRoom();
  st.lost_ = false;
  clearPicture(st, w.canvas_());
  const fresh = swap();
  w.instance_.flocklabSetCanvas(fresh);
  if (w.api_().restoreGraphics() !== 1) {
    showFailure(w.el_, w.lang_.t('The graphics context of this widget was lost and could not be made again (too many widgets drawing at once, or the GPU was reset). Reload the page.'));
    return;
  }
  register(entry);
  fit();
  if (st.byBrowser_) warn(w.el_, 'the WebGL context was lost; the widget made a new one');
  st.byBrowser_ = false;
}

// Gives the context up for another widget: the frame just drawn stays as the picture.
function park(w, st, entry, swap, wake, withPicture = true) {
  if (st.parked_ || !w.api_()) return;
  const c = w.canvas_();
  // The frame just drawn is copied now, before its context goes, and encoded
  // as a PNG off this task (toBlob).
  let picture = null;
  try {
    if (withPicture && w.api_().drawNow()) picture = new Promise((ok) => { c.toBlob(ok, 'image/png'); });
  } catch { /* no picture: the canvas stays blank */ }
  st.parked_ = true;
  counted.parks++;
  unregister(entry);
  // The module lets its window and context go; the old canvas goes with
  // its context, and a fresh one shows the picture.
  w.api_().releaseGraphics();
  glOf(c)?.getExtension('WEBGL_lose_context')?.loseContext();
  released();
  st.lost_ = true;
  const fresh = swap();
  picture?.then((blob) => {
    if (!blob || !st.parked_ || w.canvas_() !== fresh) return; // live again (or parked anew) meanwhile
    st.picture_ = URL.createObjectURL(blob);
    fresh.style.backgroundImage = `url("${st.picture_}")`;
    fresh.style.backgroundSize = '100% 100%';
  });
  w.api_().setVisible(0);
  wake.setAttribute('aria-label', w.lang_.t('Make this widget live again (it gave its graphics to another widget)'));
  wake.hidden = false;
  // In the middle of the picture (CSS centres it on this point): at a corner
  // it covered the HUD's first words on a wide canvas.
  wake.style.left = `${fresh.offsetLeft + fresh.offsetWidth / 2}px`;
  wake.style.top = `${fresh.offsetTop + fresh.offsetHeight / 2}px`;
  w.el_.classList.add('fl-parked');
}

// [SECTION] Asleep. A widget farther than two screens from the viewport,
// idle (no run or benchmark under way, no focus, not in full screen, not
// typing) and held by no script (none read its ready or called one of its
// methods: proxy.js) gives up its WebAssembly instance, and with it its
// memory, keeping its whole state as a snapshot (the core's and the
// widget's: src/widget/app_snapshot.cpp). A new instance, started with the
// same arguments, takes the snapshot back when the widget comes near again
// (loader.js, nearest first), when its Live button is pressed, or when a
// script reads ready or calls a method, or a change is made on it (its
// Play button: guards.js); calls that change it run once it is back.
// handle.sleep() does it now (putToSleep(w, false)).
export function mayRest(w) {
  const el = w.el_;
  return w.far_ && w.module_ !== null && !w.destroyed_ && !isHeld(el) && !w.runs_.busy_() && !el.contains(document.activeElement)
    && fullscreenElement() !== el && w.module_.typing() !== 1;
}

export function putToSleep(w, whenNear = true) {
  const el = w.el_;
  w.tick_(true); // the page shows what it stops at
  const snapshot = w.life_.sleep_(whenNear);
  const api = w.module_;
  w.module_ = null;
  w.instance_ = null; // nothing of the page holds the instance (and its memory) after this
  api.destroy();
  el.classList.remove('flocklab-ready');
  const waking = startInstance(el, w.canvasEl_, w.args_, () => w.destroyed_, w.lang_, () => waking, whenNear).then(({ instance, api: fresh }) => {
    if (w.destroyed_) {
      fresh.destroy();
      throw new DOMException('the widget was destroyed while asleep', 'AbortError');
    }
    const why = fresh.restore(snapshot);
    if (why) warn(el, `the widget could not come back as it was (${why}); it started again from the page's settings`);
    w.module_ = fresh;
    w.instance_ = instance;
    w.waking_ = null;
    w.asked_ = 0; // the new instance's count
    w.holdAtStart_(w.held_);
    w.life_.woke_();
    for (const fn of w.pending_.splice(0)) {
      try { fn(); } catch (err) { warn(el, `a call made while the widget was asleep failed when it ran: ${err.message}`); }
    }
    el.classList.add('flocklab-ready');
    w.tick_(true);
    return w.handle_;
  });
  waking.catch((err) => { if (err?.name !== 'AbortError') showFailure(el, w.lang_.t('This widget could not start: {0}', err.message)); });
  w.waking_ = waking;
  return waking;
}
