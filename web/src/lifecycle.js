// A widget's life on the page: off-screen widgets pause (IntersectionObserver),
// removed ones are destroyed (MutationObserver), the canvas's pixels follow
// its displayed size (ResizeObserver), a lost WebGL context gets a fresh
// canvas, and full screen.
import { armCanvas } from './input.js';
import { warn } from './values.js';

const visibility = typeof IntersectionObserver === 'function'
  ? new IntersectionObserver((entries) => {
    for (const e of entries) e.target.flocklabVisible?.(e.isIntersecting);
  }, { rootMargin: '100px' })
  : null;
const mounted = new Set();
const removal = typeof MutationObserver === 'function'
  ? new MutationObserver((records) => {
    if (!records.some((r) => r.removedNodes.length > 0)) return;
    for (const el of [...mounted]) if (!el.isConnected) el.flocklab?.destroy();
  })
  : null;

// A failure shown on the widget itself (and in the console): the cause and the fix.
export function showFailure(el, message) {
  el.classList.add('flocklab-failed');
  let p = el.querySelector(':scope > .fl-error');
  if (!p) {
    p = document.createElement('p');
    p.className = 'fl-error';
    p.setAttribute('role', 'alert');
    el.append(p);
  }
  p.textContent = message;
}

// Text grows with the canvas on a projector or in full screen: 1 up to
// 960 CSS px wide, then in proportion (13 px text becomes 24 px on an
// 1800 px canvas, full screen at 1920x1080), unless the page set data-text-scale.
export function textScale(el, width) {
  const set = Number(el.dataset.textScale);
  if (el.dataset.textScale !== undefined && Number.isFinite(set) && set > 0) return Math.min(4, Math.max(0.5, set));
  const full = document.fullscreenElement === el;
  return full || width > 1400 ? Math.max(1, width / 960) : 1;
}

// Starts the observers for a ready widget; w: {el, signal, api(), canvas(), setCanvas(c), instance, spec}.
export function live(w) {
  const { el, signal } = w;
  const api = w.api();
  const fit = () => {
    const a = w.api();
    const r = w.canvas().getBoundingClientRect();
    if (!a || r.width <= 0) return;
    a.setTextScale(textScale(el, r.width));
    a.resize(r.width, r.height, window.devicePixelRatio || 1);
  };
  // The canvas's pixels, the HUD and the panel follow its displayed size;
  // its shape is the world's, whatever its pixel count.
  w.canvas().style.aspectRatio = `${w.spec.world[0]} / ${w.spec.world[1]}`;
  el.style.setProperty('--fl-aspect', String(w.spec.world[0] / w.spec.world[1])); // full screen keeps the shape
  fit();
  const sizes = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
  sizes?.observe(w.canvas());
  signal.addEventListener('abort', () => sizes?.disconnect());
  document.addEventListener('fullscreenchange', () => {
    if (document.fullscreenElement === el) el.scrollTop = 0; // the canvas first, whatever was scrolled before
    fit();
  }, { signal });

  // A browser keeps about 16 WebGL contexts per page and drops the oldest
  // beyond that (or all of them on a GPU reset). A widget whose context is
  // lost gets a fresh canvas, and SDL a new window and renderer on it, as
  // soon as it is on screen; if that fails it says so.
  let onScreen = true;
  let contextLost = false;
  const onLost = (e) => {
    e.preventDefault();
    contextLost = true;
    if (onScreen) restore();
  };
  const restore = () => {
    if (!contextLost || !w.api()) return;
    contextLost = false;
    const old = w.canvas();
    const fresh = old.cloneNode(false);
    const hadFocus = document.activeElement === old;
    sizes?.unobserve(old);
    old.replaceWith(fresh);
    w.setCanvas(fresh);
    w.instance.flocklabSetCanvas(fresh);
    armCanvas(fresh, signal);
    fresh.addEventListener('webglcontextlost', onLost, { signal });
    sizes?.observe(fresh);
    if (api.restoreGraphics() !== 1) {
      showFailure(el, 'The graphics context of this widget was lost and could not be made again '
        + '(too many widgets drawing at once, or the GPU was reset). Reload the page.');
      return;
    }
    fit();
    if (hadFocus) fresh.focus({ preventScroll: true });
    warn(el, 'the WebGL context was lost; the widget made a new one');
  };
  w.canvas().addEventListener('webglcontextlost', onLost, { signal });
  el.flocklabVisible = (on) => {
    onScreen = on;
    if (!w.api()) return;
    if (on) restore();
    w.api().setVisible(on ? 1 : 0);
  };
  visibility?.observe(el);
  mounted.add(el);
  removal?.observe(document.documentElement, { childList: true, subtree: true });
  signal.addEventListener('abort', () => {
    visibility?.unobserve(el);
    mounted.delete(el);
    delete el.flocklabVisible;
  });
  return { fit };
}

// Full screen on the widget's element (the canvas keeps the world's shape);
// Escape leaves, as the browser does.
export function toggleFullscreen(el) {
  if (document.fullscreenElement === el) return document.exitFullscreen?.();
  const go = el.requestFullscreen?.();
  if (!go) warn(el, 'this browser has no full screen for elements');
  return go?.catch((err) => warn(el, `full screen was refused (${err.message})`));
}
