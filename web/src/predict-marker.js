// Predicting in the scene: a ghost marker over the canvas that the student
// drags (a finger, a mouse) or moves with the arrow keys (Shift: ten times
// as far) to where the what-if lane's agent will be at the end, and how sure
// they are (1 to 5). It starts on the agent's start, and left there it is no
// prediction. It locks with the prediction; after the run the answer says
// how far off it was, in px.
//
// data-predict's "marker": "the hollow vehicle" (what it marks: the what-if
// lane's one agent, state().whatIf.pos).

const STEP = 5; // px of the world per arrow press

// `widget` as predict.js has it (with canvas() and world(): the world's size in px);
// `name`: what is marked; `box`: the question's fieldset. Returns {place,
// show, hide, lock(on), miss(state)}.
export function makeMarker(widget, name, seconds, box) {
  const { el, signal, handle, say } = widget;
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

  let at = null; // [x, y] in world px
  let start = null; // where the agent starts: no prediction while it is there
  let locked = false;
  const canvas = () => widget.canvas();
  const scale = () => {
    const c = canvas();
    return c ? c.offsetWidth / widget.world()[0] : 1;
  };
  const words = () => {
    line.firstChild.textContent = t('Also mark where {0} will be at {1} s: drag the dashed diamond on the canvas, or focus it and use the arrow keys (Shift: further).', name, seconds);
    sureWord.textContent = t('How sure are you?');
    const n = widget.lang().number;
    mark.setAttribute('aria-label', t('Your mark for {0} at {1} s', name, seconds));
    if (!at) return;
    // A slider's value is one number: x (0 to the world's width); the words say both.
    mark.setAttribute('aria-valuemin', '0');
    mark.setAttribute('aria-valuemax', String(widget.world()[0]));
    mark.setAttribute('aria-valuenow', String(at[0]));
    mark.setAttribute('aria-valuetext', t('x {0} px, y {1} px', n(at[0], 0), n(at[1], 0)));
  };
  function draw() {
    const c = canvas();
    if (!c || !at) return;
    const k = scale();
    mark.style.left = `${c.offsetLeft + at[0] * k}px`;
    mark.style.top = `${c.offsetTop + at[1] * k}px`;
    words();
  }
  // Placed again whenever the figure's layout changes (its canvas may be
  // swapped for a fresh one, so the figure is what is watched).
  const fit = typeof ResizeObserver === 'function' ? new ResizeObserver(draw) : null;
  signal.addEventListener('abort', () => fit?.disconnect());
  function moveTo(x, y) {
    const [wx, wy] = widget.world();
    at = [Math.min(wx, Math.max(0, Math.round(x))), Math.min(wy, Math.max(0, Math.round(y)))];
    draw();
  }
  mark.addEventListener('keydown', (e) => {
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (!d || locked || !at) return;
    e.preventDefault();
    const k = e.shiftKey ? 10 * STEP : STEP;
    moveTo(at[0] + d[0] * k, at[1] + d[1] * k);
  }, { signal });
  // Said once the keys rest, not at every press.
  mark.addEventListener('keyup', (e) => { if (e.key.startsWith('Arrow') && !locked) say(mark.getAttribute('aria-valuetext')); }, { signal });
  mark.addEventListener('pointerdown', (e) => {
    if (locked) return;
    e.preventDefault();
    mark.setPointerCapture(e.pointerId);
    mark.focus({ preventScroll: true });
  }, { signal });
  mark.addEventListener('pointermove', (e) => {
    if (locked || !mark.hasPointerCapture(e.pointerId)) return;
    const r = canvas().getBoundingClientRect();
    const k = r.width / widget.world()[0];
    moveTo((e.clientX - r.left) / k, (e.clientY - r.top) / k);
  }, { signal });

  const moved = () => at !== null && start !== null && (at[0] !== start[0] || at[1] !== start[1]);
  return {
    // On the agent's start (the widget is at 0 s), unless the student has placed it.
    place() {
      const p = handle.state().whatIf?.pos;
      if (!p) return;
      const s = [Math.round(p[0]), Math.round(p[1])];
      if (!moved()) { start = s; at = [...s]; }
      draw();
    },
    show() { mark.hidden = false; line.hidden = false; fit?.observe(el); draw(); },
    hide() { mark.hidden = true; line.hidden = true; fit?.disconnect(); },
    // Locked with the prediction; a marker never moved is no part of it, and goes.
    lock(on) {
      locked = on;
      if (!line.hidden) mark.hidden = on && !moved();
      sure.disabled = on;
      mark.classList.toggle('fl-locked', on);
      mark.setAttribute('aria-disabled', String(on));
    },
    // After the run: how far off it was ({px, sure, text}), or null when never moved.
    miss(state) {
      const p = state.whatIf?.pos;
      if (!moved() || !p) return null;
      const px = Math.hypot(p[0] - at[0], p[1] - at[1]);
      const n = widget.lang().number;
      return { px, sure: Number(sure.value), at: [...at], text: t('Your mark was {0} px from where {1} ended (you were {2} of 5 sure).', n(px, 0), name, sure.value) };
    },
    // Try again: where it was, free again.
    moved,
  };
}
