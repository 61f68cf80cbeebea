// Predicting in the scene: a ghost marker over the canvas that the student
// drags (a finger, a mouse) or moves with the arrow keys (Shift: ten times
// as far) to where the what-if lane's agent will be at the end, and how sure
// they are (1 to 5). It starts on the agent's start, and left there it is no
// prediction. It locks with the prediction; after the run the answer says
// how far off it was, in px.
//
// data-predict's "marker": "the hollow vehicle" (what it marks: the what-if
// lane's one agent, state().whatIf.pos), or {"text": "the hollow boid under
// the diamond", "boid": 0}: that boid of the lane (state().whatIf.boids[0]),
// in a world that wraps, where the miss is the shorter way round.

const STEP = 5; // px of the world per arrow press

// Where the marked agent is in `state` ([x, y], world px), or null.
function whereOf(marker, state) {
  const lane = state.whatIf;
  if (typeof marker === 'string') return lane?.pos ?? null;
  const b = lane?.boids?.[marker.boid];
  return b ? [b[0], b[1]] : null;
}

// How far apart two points are (px): straight, or on a world that wraps.
function apart(a, b, world, wraps) {
  const d = [0, 1].map((i) => {
    const x = Math.abs(a[i] - b[i]);
    return wraps ? Math.min(x, world[i] - x) : x;
  });
  return Math.hypot(d[0], d[1]);
}

// `widget` as predict.js has it (with canvas() and world(): the world's size in px);
// `name`: what is marked; `box`: the question's fieldset. Returns {place,
// show, hide, lock(on), miss(state)}.
export function makeMarker(widget, marker, seconds, box) {
  const name = typeof marker === 'string' ? marker : marker.text;
  const m = markerContext(widget, name, seconds, box);
  armMarkerInput(m, widget);
  const { mark, line, sure, t } = m;
  const moved = () => m.at !== null && m.start !== null && (m.at[0] !== m.start[0] || m.at[1] !== m.start[1]);
  return {
    // On the agent's start (the widget is at 0 s), unless the student has placed it.
    place() {
      let p = null;
      try { p = whereOf(marker, widget.handle.state()); } catch { /* not ready: placed when the figure opens its question */ }
      if (!p) return;
      const s = [Math.round(p[0]), Math.round(p[1])];
      if (!moved()) { m.start = s; m.at = [...s]; }
      m.draw();
    },
    show() { mark.hidden = false; line.hidden = false; m.fit?.observe(widget.el); m.draw(); },
    hide() { mark.hidden = true; line.hidden = true; m.fit?.disconnect(); },
    // Locked with the prediction; a marker never moved is no part of it, and goes.
    lock(on) {
      m.locked = on;
      if (!line.hidden) mark.hidden = on && !moved();
      sure.disabled = on;
      mark.classList.toggle('fl-locked', on);
      mark.setAttribute('aria-disabled', String(on));
    },
    // After the run: how far off it was ({px, sure, at, text}), or null when never moved.
    miss(state) {
      const p = whereOf(marker, state);
      if (!moved() || !p) return null;
      const px = apart(p, m.at, widget.world(), typeof marker !== 'string');
      const n = widget.lang().number;
      return { px, sure: Number(sure.value), at: [...m.at], text: t('Your mark was {0} px from where {1} ended (you were {2} of 5 sure).', n(px, 0), name, sure.value) };
    },
  };
}

// The marker's one context: the marker over the canvas, its line in the
// question (what to do, and how sure), where it is, and draw() that places
// it over the canvas and says where it is.
function markerContext(widget, name, seconds, box) {
  const { el, signal } = widget;
  const t = (s, ...a) => widget.lang().t(s, ...a);
  const mark = Object.assign(document.createElement('div'), { className: 'fl-marker', tabIndex: 0, hidden: true });
  mark.setAttribute('role', 'slider'); // moved by keys; the value is said in words
  mark.setAttribute('aria-roledescription', t('marker'));
  el.append(mark);
  const line = Object.assign(document.createElement('p'), { className: 'fl-marker-line' });
  const sure = document.createElement('select');
  for (let i = 1; i <= 5; i++) sure.append(new Option(String(i), String(i), i === 3, i === 3));
  const sureLabel = Object.assign(document.createElement('label'), { className: 'fl-sure' });
  const sureWord = document.createElement('span');
  sureLabel.append(sureWord, ' ', sure);
  line.append(document.createElement('span'), ' ', sureLabel);
  box.querySelector('.fl-predict-play').before(line);
  signal.addEventListener('abort', () => mark.remove());
  const words = () => {
    line.firstChild.textContent = t('Also mark where {0} will be at {1} s: drag the dashed diamond on the canvas, or focus it and use the arrow keys (Shift: further).', name, seconds);
    sureWord.textContent = t('How sure are you?');
    const n = widget.lang().number;
    mark.setAttribute('aria-label', t('Your mark for {0} at {1} s', name, seconds));
    if (!m.at) return;
    // A slider's value is one number: x (0 to the world's width); the words say both.
    mark.setAttribute('aria-valuemin', '0');
    mark.setAttribute('aria-valuemax', String(widget.world()[0]));
    mark.setAttribute('aria-valuenow', String(m.at[0]));
    mark.setAttribute('aria-valuetext', t('x {0} px, y {1} px', n(m.at[0], 0), n(m.at[1], 0)));
  };
  const m = {
    t, mark, line, sure,
    at: null, // [x, y] in world px
    start: null, // where the agent starts: no prediction while it is there
    locked: false,
    draw() {
      const c = widget.canvas();
      if (!c || !m.at) return;
      const k = c.offsetWidth / widget.world()[0];
      mark.style.left = `${c.offsetLeft + m.at[0] * k}px`;
      mark.style.top = `${c.offsetTop + m.at[1] * k}px`;
      words();
    },
    moveTo(x, y) {
      const [wx, wy] = widget.world();
      m.at = [Math.min(wx, Math.max(0, Math.round(x))), Math.min(wy, Math.max(0, Math.round(y)))];
      m.draw();
    },
    // Placed again whenever the figure's layout changes (its canvas may be
    // swapped for a fresh one, so the figure is what is watched).
    fit: typeof ResizeObserver === 'function' ? new ResizeObserver(() => m.draw()) : null,
  };
  signal.addEventListener('abort', () => m.fit?.disconnect());
  return m;
}

// The arrow keys (Shift: ten times as far), said once they rest; a finger
// or a mouse drags it. Nothing moves it once it is locked.
function armMarkerInput(m, widget) {
  const { signal, say } = widget;
  const { mark } = m;
  mark.addEventListener('keydown', (e) => {
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (!d || m.locked || !m.at) return;
    e.preventDefault();
    const k = e.shiftKey ? 10 * STEP : STEP;
    m.moveTo(m.at[0] + d[0] * k, m.at[1] + d[1] * k);
  }, { signal });
  mark.addEventListener('keyup', (e) => { if (e.key.startsWith('Arrow') && !m.locked) say(mark.getAttribute('aria-valuetext')); }, { signal });
  mark.addEventListener('pointerdown', (e) => {
    if (m.locked) return;
    e.preventDefault();
    mark.setPointerCapture(e.pointerId);
    mark.focus({ preventScroll: true });
  }, { signal });
  mark.addEventListener('pointermove', (e) => {
    if (m.locked || !mark.hasPointerCapture(e.pointerId)) return;
    const r = widget.canvas().getBoundingClientRect();
    const k = r.width / widget.world()[0];
    m.moveTo((e.clientX - r.left) / k, (e.clientY - r.top) / k);
  }, { signal });
}
