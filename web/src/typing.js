// Typing on a touch screen (an iPad, a phone): a canvas cannot raise the
// on-screen keyboard, so a finger's tap on a number control of the canvas's
// Tuning panel (the seed field, a slider: the module knows where they are,
// fl_number_at) focuses a text field of the widget's own, inside the tap
// itself (a browser raises its keyboard only for a focus the tap makes).
// What is typed there goes to the panel (fl_type) through SDL's queue, as a
// keyboard's keys do, and the panel shows it in the control and keeps it as
// it keeps a keyboard's: Done or Enter, or a tap elsewhere, keeps the
// number; Escape drops it. The field itself is never seen.
//
// A chunk of its own (flocklab-touch.js), loaded by input.js only where
// there is a touch screen: `w` is {el, signal, api(), t(text), escape()},
// plain names across the two bundles.
const TAP_PX = 10; // as input.js and the panel (ui_number.hpp's kTapPx) tell a tap from a drag
// A hardware keyboard's editing keys (an iPad's keyboard cover), as fl_type
// takes them (app.hpp: App::type).
const KEYS = { Backspace: '\b', Delete: '\x7f', ArrowLeft: '\x02', ArrowRight: '\x06', Home: '\x01', End: '\x05' };

// The text field a tap focuses: what is typed there goes to the panel.
function typingField(w, keep, close) {
  const field = Object.assign(document.createElement('input'), { type: 'text', className: 'fl-typing', autocomplete: 'off', spellcheck: false });
  field.setAttribute('inputmode', 'decimal');
  field.setAttribute('enterkeyhint', 'done');
  field.setAttribute('autocorrect', 'off');
  field.setAttribute('aria-label', w.t('Type a value'));
  field.addEventListener('input', () => {
    const text = field.value;
    field.value = '';
    if (text) w.api()?.type(text);
  });
  field.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') keep();
    else if (e.key === 'Escape') { w.escape(); close(); }
    else if (KEYS[e.key]) w.api()?.type(KEYS[e.key]);
    else return;
    e.preventDefault();
    e.stopPropagation();
  });
  field.addEventListener('blur', keep);
  return field;
}

export function armTyping(w) {
  const { el, signal } = w;
  const onCanvas = (e) => e.target instanceof HTMLCanvasElement && e.target.closest('.flocklab') === el;
  let down = null; // a finger's press on the canvas: {x, y, id}
  let field = null;
  let frames = 0;
  let watching = false; // watch() is scheduled

  const close = () => {
    if (!field) return;
    const f = field;
    field = null;
    f.remove(); // the keyboard goes down with it
  };
  // Keeps the number (Enter) unless the panel has stopped typing already.
  const keep = () => {
    if (!field) return;
    if (w.api()?.typing() === 1) w.api().type('\n');
    close();
  };
  // While the field is up: once the panel no longer types (the number was
  // kept or dropped, or the panel closed), the field goes.
  const watch = () => {
    watching = !!field;
    if (!field) return;
    frames++;
    if (frames > 5 && w.api()?.typing() !== 1) close();
    else requestAnimationFrame(watch);
    watching = !!field;
  };

  function open(x, y) {
    if (!field) {
      field = typingField(w, keep, close);
      el.append(field);
    }
    field.style.left = `${x}px`;
    field.style.top = `${y}px`;
    field.focus({ preventScroll: true });
    frames = 0;
    if (!watching) {
      watching = true;
      requestAnimationFrame(watch);
    }
  }

  el.addEventListener('pointerdown', (e) => {
    down = e.pointerType === 'touch' && onCanvas(e) ? { x: e.clientX, y: e.clientY, id: e.pointerId } : null;
  }, { capture: true, signal });
  // Bubbling, so after the canvas took the focus for the tap (armCanvas).
  el.addEventListener('pointerup', (e) => {
    const press = down;
    down = null;
    const api = w.api();
    if (!press || e.pointerId !== press.id || !onCanvas(e) || !api) return;
    if (Math.hypot(e.clientX - press.x, e.clientY - press.y) >= TAP_PX) return;
    const r = e.target.getBoundingClientRect();
    if (api.numberAt((e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height) !== 1) return;
    const box = el.getBoundingClientRect();
    open(e.clientX - box.left, e.clientY - box.top);
  }, { signal });
  signal.addEventListener('abort', close);
}
