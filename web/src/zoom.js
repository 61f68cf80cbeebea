// Zoom for fingers: where the view must be hit precisely (uiMetrics().tapPx:
// a maze cell while painting) and a finger would meet targets under 24 CSS
// px (WCAG 2.5.8), the canvas is drawn larger, inside a box that scrolls
// sideways, with two buttons that move the view by most of a screen (a
// finger's drag paints there, so it cannot pan). It ends when the view no
// longer needs it (paint mode off) or the canvas grows (full screen).
// In the touch screen's chunk (flocklab-touch.js, touch.js): `w` is
// {el, signal, t(text), canvas()}, plain names across the two bundles.
import { fullscreenElement } from './fullscreen.js';

const TARGET_CSS = 24; // px

// The box that scrolls sideways, and the bar of its two buttons.
function zoomBox({ t, signal }) {
  const box = document.createElement('div');
  box.className = 'fl-zoom';
  const bar = document.createElement('div');
  bar.className = 'fl-zoom-bar';
  const pan = (dir, text) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.pan = String(dir);
    b.textContent = text;
    b.addEventListener('click', () => box.scrollBy({ left: dir * box.clientWidth * 0.8 }), { signal });
    return b;
  };
  const note = document.createElement('span');
  note.textContent = t('Zoomed in for fingers: these move the view');
  bar.append(pan(-1, `◀ ${t('Left')}`), note, pan(1, `${t('Right')} ▶`));
  return { box, bar };
}

// The widget draws its HUD and Tuning panel inside the part of the canvas
// the box shows (canvas CSS px; 0, 0: the whole canvas), at once if paused.
function tellShown(w, box) {
  const api = w.api();
  if (!api) return;
  if (box?.isConnected) api.setShown(box.scrollLeft, box.scrollLeft + box.clientWidth);
  else api.setShown(0, 0);
  if (api.paused()) api.drawNow();
}

export function makeZoom(w) {
  const { el, signal } = w;
  const coarse = typeof matchMedia === 'function' ? matchMedia('(pointer: coarse)') : { matches: false };
  let zoom = 1;
  let box = null;
  let bar = null;

  // While zoomed, the keyboard's cursor (metrics.caret, canvas CSS px) is
  // kept in sight when it moves: the box scrolls sideways to it, the page up
  // or down. A pan by the buttons stands until the cursor moves again.
  let caret = '';
  function follow(metrics) {
    const canvas = w.canvas();
    const at = metrics.caret;
    if (zoom <= 1 || !box?.isConnected || !at || document.activeElement !== canvas || String(at) === caret) return;
    caret = String(at);
    const margin = 2 * TARGET_CSS;
    if (at[0] < box.scrollLeft + margin) box.scrollLeft = Math.max(0, at[0] - margin);
    else if (at[0] > box.scrollLeft + box.clientWidth - margin) box.scrollLeft = at[0] - box.clientWidth + margin;
    const y = canvas.getBoundingClientRect().top + at[1];
    if (y < margin || y > innerHeight - margin) scrollBy({ top: y - innerHeight / 2 });
  }

  // metrics: uiMetrics() now. The base size is the target's at zoom 1.
  function update(metrics) {
    follow(metrics);
    // The target's size unzoomed, from the canvas width it was measured at
    // (metrics from before a zoom took effect would zoom again).
    const canvas = w.canvas();
    const plain = box?.isConnected ? box.clientWidth : canvas.getBoundingClientRect().width;
    const base = (metrics.tapPx ?? 0) * (metrics.window?.[0] > 0 ? plain / metrics.window[0] : 1 / zoom);
    const want = coarse.matches && base > 0 && base < TARGET_CSS && !fullscreenElement() ? TARGET_CSS / base : 1;
    if (Math.abs(want - zoom) < 0.01) return;
    const focused = document.activeElement === canvas; // moving it drops the focus: a keyboard keeps it
    const top = canvas.getBoundingClientRect().top;
    if (want > 1) {
      if (!box) {
        ({ box, bar } = zoomBox(w));
        // Once a frame at most: a swipe fires scroll events faster than frames.
        let told = false;
        box.addEventListener('scroll', () => {
          if (told) return;
          told = true;
          requestAnimationFrame(() => { told = false; tellShown(w, box); });
        }, { passive: true, signal });
      }
      if (canvas.parentElement !== box) {
        canvas.before(box);
        box.append(canvas);
        box.after(bar);
      }
      box.style.setProperty('--fl-zoom', String(want));
      // The canvas grows downward from where its top was (never above the
      // screen), with the view's first focus point (the goal) in sight.
      const goal = metrics.focus?.[0]?.map((v) => (v * want) / zoom);
      if (goal) box.scrollLeft = Math.max(0, goal[0] - box.clientWidth / 2);
      let y = Math.max(0, top);
      if (goal) y = Math.max(0, Math.min(y, innerHeight - goal[1] - 2 * TARGET_CSS));
      scrollBy({ top: canvas.getBoundingClientRect().top - y, behavior: 'instant' });
    } else if (box?.isConnected) {
      // What the finger or key just used (Paint walls, below the canvas)
      // stays where it was on the screen: the page does not jump as the
      // canvas shrinks back.
      const anchor = el.contains(document.activeElement) && document.activeElement !== canvas ? document.activeElement : bar.nextElementSibling;
      const was = anchor?.getBoundingClientRect().top;
      box.before(canvas);
      box.remove();
      bar.remove();
      if (anchor?.isConnected) scrollBy({ top: anchor.getBoundingClientRect().top - was, behavior: 'instant' });
    }
    if (focused && document.activeElement !== canvas) canvas.focus({ preventScroll: true });
    zoom = want;
    el.classList.toggle('fl-zoomed', want > 1);
    tellShown(w, box);
  }
  signal.addEventListener('abort', () => { if (box?.isConnected) { box.before(w.canvas()); box.remove(); bar.remove(); } });
  return { update, zoom: () => zoom };
}
