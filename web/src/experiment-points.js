// The predicted points on the experiment's chart: the keys (one tab stop,
// the arrows choose and move), the pointer and the finger, and the dots'
// keys and clicks, over the experiment's state `ex` (experiment.js).
export function makePoints(ex) {
  const { chart_: chart, cap_: cap, draw_: draw, geometry_: geometry } = ex;
  // The point that takes the keyboard, focused.
  function focusPoint(i) {
    const all = [...chart.querySelectorAll('.fl-exp-point')];
    if (!all.length) return;
    ex.pointAt_ = Math.max(0, Math.min(all.length - 1, i));
    all.forEach((h, k) => h.setAttribute('tabindex', k === ex.pointAt_ ? 0 : -1));
    all[ex.pointAt_].focus();
  }
  // Point i at y (in the measure's unit): at least 0, at most the ceiling (and
  // the chart's top while dragging), on a step: the keys' (a fortieth of the
  // chart, roughly), or a fifth of it for the pointer.
  function setPoint(i, y, fine = ex.geo_.fine) {
    const most = Math.min(cap(), ex.dragging_ ? ex.dragging_.top : Infinity);
    let v = Math.round(Math.max(0, Math.min(most, y)) / fine) * fine;
    if (v > most) v -= fine; // a step rounded up past the ceiling
    ex.points_[i] = Number(v.toFixed(Math.max(0, -Math.floor(Math.log10(fine))) + 1));
    ex.pointsMoved_ = true;
    draw({ quiet: true });
  }
  // The points start level, halfway up the chart.
  function ensurePoints() {
    if (!ex.info_ || (ex.points_ && ex.points_.length === ex.info_.values.length)) return;
    const { yTop, fine } = geometry();
    ex.points_ = ex.info_.values.map(() => Number((Math.round(yTop / 2 / fine) * fine).toFixed(6)));
    ex.pointsMoved_ = false;
  }
  // What the listeners below share: the two moves, and whether the last
  // press was a finger's (or a pen's): taps reach further.
  const p = { focus_: focusPoint, set_: setPoint, finger_: false };
  armDrag(ex, p);
  armKeys(ex, p);
  armClicks(ex, p);
  return { ensurePoints_: ensurePoints };
}

// A point dragged by the pointer or a finger.
function armDrag(ex, p) {
  const { chart_: chart, measureAt_: measureAt, draw_: draw } = ex;
  chart.addEventListener('pointerdown', (e) => {
    p.finger_ = e.pointerType !== 'mouse';
    const h = e.target.closest?.('.fl-exp-point');
    if (!h || ex.running_ || e.button !== 0) return;
    e.preventDefault();
    const i = Number(h.dataset.i);
    ex.dragging_ = { i, top: ex.geo_.yTop };
    chart.setPointerCapture(e.pointerId);
    p.focus_(i);
  });
  // A finger on a point drags it and does not scroll the page (touch-action
  // is not honoured on SVG shapes; elsewhere on the chart a finger scrolls).
  chart.addEventListener('touchstart', (e) => {
    if (!ex.running_ && e.target.closest?.('.fl-exp-point')) e.preventDefault();
  }, { passive: false });
  chart.addEventListener('pointermove', (e) => {
    if (!ex.dragging_) return;
    p.set_(ex.dragging_.i, measureAt(e.clientY), ex.geo_.fine / 5);
    p.focus_(ex.dragging_.i);
  });
  const drop = () => {
    if (!ex.dragging_) return;
    const { i } = ex.dragging_;
    ex.dragging_ = null;
    draw({ quiet: true }); // the scale follows the points again
    p.focus_(i);
  };
  chart.addEventListener('pointerup', drop);
  chart.addEventListener('pointercancel', drop);
}

// Arrows between dots (left/right: values, up/down: seeds), Enter loads one;
// on a point the arrows move it or go to the next.
function armKeys(ex, p) {
  const { chart_: chart, seeds_: seeds, cap_: cap } = ex;
  function pointKey(e, i) {
    if (ex.running_) return;
    const { tick, fine, yTop } = ex.geo_;
    const y = ex.points_[i];
    const to = { ArrowUp: y + fine, ArrowDown: y - fine, PageUp: y + tick, PageDown: y - tick, Home: 0, End: Math.min(yTop, cap()) }[e.key];
    const move = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      p.set_(i, to);
      p.focus_(i);
    } else if (move) {
      e.preventDefault();
      p.focus_(i + move);
    }
  }
  chart.addEventListener('keydown', (e) => {
    const h = e.target.closest?.('.fl-exp-point');
    if (h) { pointKey(e, Number(h.dataset.i)); return; }
    const dots = [...chart.querySelectorAll('.fl-exp-dot')];
    const k = dots.indexOf(document.activeElement);
    if (k < 0) return;
    const n = seeds().length;
    const to = { ArrowRight: k + n, ArrowLeft: k - n, ArrowDown: k + 1, ArrowUp: k - 1, Home: 0, End: dots.length - 1 }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      const next = dots[Math.max(0, Math.min(dots.length - 1, to))];
      dots[k].setAttribute('tabindex', '-1');
      next.setAttribute('tabindex', '0');
      ex.focusAt_ = dots.indexOf(next);
      next.focus();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      ex.show_(Number(dots[k].dataset.run));
    }
  });
}

// A click on a dot shows its run; with points, a click elsewhere in the plot puts the nearest point there.
function armClicks(ex, p) {
  const { chart_: chart, kind_: kind, measureAt_: measureAt, columnAt_: columnAt, rect_: rect } = ex;
  // A finger is wider than a dot (9 CSS px, in clusters): a tap takes the
  // nearest dot within 24 CSS px, the size of a touch target.
  const nearestDot = (x, y) => {
    let best = null;
    let bestD = 24;
    for (const d of chart.querySelectorAll('.fl-exp-dot')) {
      const b = d.getBoundingClientRect();
      const dist = Math.hypot(b.x + b.width / 2 - x, b.y + b.height / 2 - y);
      if (dist < bestD) { best = d; bestD = dist; }
    }
    return best;
  };
  chart.addEventListener('click', (e) => {
    const dot = e.target.closest?.('.fl-exp-dot') ?? (p.finger_ && kind() !== 'points' ? nearestDot(e.clientX, e.clientY) : null);
    if (dot) { ex.show_(Number(dot.dataset.run)); return; }
    if (kind() !== 'points' || !ex.points_ || ex.running_ || !ex.geo_ || e.target.closest?.('.fl-exp-point')) return;
    const y = (e.clientY - rect().top) * (ex.geo_.height / rect().height);
    if (y < ex.geo_.top - 8 || y > ex.geo_.bottom + 8) return;
    const i = columnAt(e.clientX);
    p.set_(i, measureAt(e.clientY), ex.geo_.fine / 5);
    p.focus_(i);
  });
}
