// Predict, watch, explain: a [data-action="apply"] button with data-predict
// (and data-seconds) sets its configuration at t = 0, asks the student to
// commit to a prediction (a radio group: keyboard and touch alike), plays the
// run in real time from the start (handle.playTo), and at its end says one
// sentence: the prediction, both lanes' numbers, whether the prediction held,
// and one line of why. Every number in it is read from the widget's gauges
// at the end; which choice held is decided by each choice's `when`.
//
// data-predict='{"question": "...", "choices": [{"text": "...", "when": "whatIf.closest < 5"}, ...],
//                "result": "The lab's vehicle came within {closest} px; ...", "why": "..."}'
// `when`: comparisons of a gauge (a name, or whatIf.name) with a number or
// another gauge, joined by "and" ("whatIf.closest >= 5 and whatIf.closest < 100",
// "arrived > whatIf.arrived").
// `result`: {gauge} or {gauge:decimals} (1 decimal unless given).
import { warn } from './values.js';
import { report } from './results.js';
import { makeFixes } from './predict-fix.js';
import { makeMarker } from './predict-marker.js';

const gaugeOf = (g, path) => path.split('.').reduce((o, k) => (o == null ? undefined : o[k]), g);
const COMPARE = /^\s*([A-Za-z_.]+)\s*(<=|>=|<|>)\s*(-?[\d.]+|[A-Za-z_.]+)\s*$/;
// Whether `when` holds for the gauges g; throws on a malformed test.
export function holds(when, g) {
  return when.split(/\s+and\s+/).every((part) => {
    const m = COMPARE.exec(part);
    if (!m) throw new TypeError(`"${part}" is not a comparison such as whatIf.closest < 5`);
    const [v, x] = [m[1], m[3]].map((a) => {
      const n = /^-?[\d.]+$/.test(a) ? Number(a) : gaugeOf(g, a);
      if (typeof n !== 'number' || Number.isNaN(n)) throw new TypeError(`the widget has no gauge ${a}`);
      return n;
    });
    return { '<': v < x, '<=': v <= x, '>': v > x, '>=': v >= x }[m[2]];
  });
}
// The result template with the gauges' values in the widget's language.
export function fill(template, g, lang) {
  return template.replace(/\{([A-Za-z_.]+)(?::(\d))?\}/g, (all, path, d) => {
    const v = gaugeOf(g, path);
    if (typeof v !== 'number') throw new TypeError(`the widget has no gauge ${path}`);
    return lang.number(v, d === undefined ? 1 : Number(d));
  });
}

// A choice in a sentence of its own words: without its closing full stop.
const bare = (text) => text.replace(/\.\s*$/, '');

let nextId = 0;
const SPEEDS = [0.25, 0.5, 1, 2];
// This module travels in the experiments' chunk, a bundle of its own whose
// mangled property names differ from the shim's: the widget's parts come by
// plain names. `widget`: {el, signal, lang() (its language), handle, say(text),
// item (the button's name, in the results stream), options (the button's
// data-options: the slip, applied again before each of its runs), open(question | null)
// (the question the widget's resume(), reset() and canvas Play go through),
// hold(on) (the canvas runs nothing while it waits)};
// returns {show(focus), hide, gate, reset} for that button's prediction.
//
// A prediction binds: Play commits the choice ticked and locks the choices
// until the answer is on screen; Replay keeps it; only "Try again" (after an
// answer) frees them for a new one. The results stream reports the first
// committed prediction and whether it held, with the number of tries.
export function makePrediction(widget, spec, seconds) {
  checkSpec(spec);
  const p = predictionContext(widget, spec, seconds);
  armPlay(p);
  armAnswer(p);
  return questionOf(p);
}

// The prediction's one context, declared in full: its parts (predictionBox),
// the code and fixes after the answer (predict-fix.js), the ghost marker
// (predict-marker.js), its state, and sync() that shows the state.
function predictionContext(widget, spec, seconds) {
  const { el, signal } = widget;
  const parts = predictionBox(widget, spec);
  const { box } = parts;
  // The figure's own buttons stay together: the question goes after the last control.
  const after = el.querySelector(':scope > .fl-measured, :scope > figcaption');
  if (after) after.before(box);
  else el.append(box);
  signal.addEventListener('abort', () => box.remove());
  const p = {
    widget, spec, seconds, ...parts,
    t: (s, ...a) => widget.lang().t(s, ...a),
    fix: spec.code ? makeFixes(widget, spec, seconds, box, () => Number(parts.speed.value)) : null,
    marker: spec.marker ? makeMarker(widget, spec.marker, seconds, box) : null,
    st: {
      shown: false,
      committed: -1, // the choice this try is bound to (-1: the student is choosing)
      tries: 0, // predictions committed so far
      first: null, // {choice, held}: the first committed prediction, once its run ended
      watching: false, // a committed run is playing to its end
      answered: false, // this try's answer is on screen
    },
    // Waiting at 0 s for a prediction: nothing in the canvas runs.
    waiting: () => p.st.shown && !p.st.watching && !p.st.answered,
    go: null, // the question's Play (armPlay)
    sync() {
      const { st, t, play, again, radios, fix, marker } = p;
      play.textContent = st.watching || st.answered ? t('Replay') : t('Play');
      p.speedWord.textContent = t('Speed');
      again.hidden = !st.answered;
      again.textContent = t('Try again');
      if (fix && st.answered) fix.show();
      else fix?.hide();
      for (const r of radios) r.disabled = st.committed >= 0;
      marker?.lock(st.committed >= 0);
      box.classList.toggle('fl-committed', st.committed >= 0);
      if (st.shown) widget.hold(p.waiting());
    },
  };
  return p;
}

// The question's Play (and Enter on a choice): commits the choice ticked
// (or asks for one), plays the committed one again, or replays the answered
// run, from 0 s; and Try again, which frees the choices.
function armPlay(p) {
  const { widget: { signal, handle, say }, st, t, radios, outcome, spec } = p;
  const ask = () => {
    outcome.textContent = t('Choose what you predict first.');
    say(outcome.textContent);
    radios[0].focus();
  };
  p.go = () => {
    const fresh = st.committed < 0;
    if (fresh) {
      const i = radios.findIndex((r) => r.checked);
      if (i < 0) {
        ask();
        return;
      }
      st.committed = i;
      st.tries++;
    }
    if (!st.answered) outcome.textContent = '';
    st.watching = true;
    p.fix?.stop();
    p.sync();
    handle.apply(p.widget.options); // the slip again, after a fix's run
    handle.setSpeed(Number(p.speed.value));
    handle.playTo(p.seconds);
    say(t('Playing from 0 s to {0} s; you predicted: {1}.', p.seconds, bare(spec.choices[st.committed].text)));
    // Told once the run is under way, so that a listener calling the handle
    // (pause, reset) acts on the run, not before it starts.
    if (fresh) report(p.widget.el, { kind: 'what-if', item: p.widget.item, question: spec.question, answer: spec.choices[st.committed].text, tries: st.tries }, 'flocklab:prediction');
  };
  p.play.addEventListener('click', p.go, { signal });
  // Enter on a choice is its Play (a radio group takes no Enter of its own).
  p.box.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' || !radios.includes(e.target)) return;
    e.preventDefault();
    p.go();
  }, { signal });
  // Try again: the choices free for a new prediction, the run back at 0 s.
  p.again.addEventListener('click', () => {
    st.committed = -1;
    st.answered = false;
    st.watching = false;
    outcome.textContent = '';
    handle.pause();
    handle.reset();
    p.sync();
    (radios.find((r) => r.checked) ?? radios[0]).focus();
    say(t('Back at 0 s: choose your new prediction, then press Play.'));
  }, { signal });
}

// The end of the run: paused at its time (the gauges' event, 4 times a
// second). The answer is shown and said; a try's first answer is reported,
// with the first committed prediction as the one graded.
function armAnswer(p) {
  const { widget, spec, st, outcome } = p;
  const { el, signal, handle, say } = widget;
  el.addEventListener('flocklab:gauges', (e) => {
    const g = e.detail;
    if (!st.watching || !handle.paused() || Math.abs(g.time - p.seconds) > 1e-6) return;
    st.watching = false;
    let told;
    try {
      told = verdict(widget, spec, st.committed, g);
    } catch (err) {
      warn(el, `data-predict: ${err.message}`);
      p.sync();
      return;
    }
    const fresh = !st.answered; // a replay says the answer again, and reports nothing new
    st.answered = true;
    const missed = p.marker?.miss(handle.state());
    if (missed) {
      told.text += ` ${missed.text}`;
      told.marker = { px: missed.px, sure: missed.sure, at: missed.at };
    }
    outcome.textContent = told.text;
    p.sync();
    say(outcome.textContent);
    if (!fresh) return;
    st.first ??= { choice: st.committed, held: told.held, correct: told.correct };
    // A later try says what it chose beside the first.
    const result = { ...told, answer: spec.choices[st.first.choice].text, held: st.first.held, tries: st.tries };
    if (st.tries > 1) result.retry = { answer: told.answer, held: told.held };
    report(el, result);
  }, { signal });
}

// What the widget holds of an open question: show, hide, its gate for the
// canvas's Play and resume(), and what a reset does to it.
function questionOf(p) {
  const { widget, st, t, marker, radios, outcome } = p;
  const { handle, say } = widget;
  const question = {
    // The question for this button's run (the widget waits at 0 s); as the
    // student left it: a committed prediction stays, and so does its answer.
    show(focus = true) {
      st.shown = true;
      p.box.hidden = false;
      st.watching = false;
      marker?.show();
      marker?.place();
      widget.open(question);
      p.sync();
      if (focus) (radios.find((r) => r.checked && !r.disabled) ?? (st.committed >= 0 ? p.play : radios[0])).focus({ preventScroll: true });
    },
    hide() {
      if (!st.shown) return;
      st.shown = false;
      p.box.hidden = true;
      st.watching = false;
      marker?.hide();
      widget.open(null);
      widget.hold(false);
      handle.setSpeed(1);
    },
    // The canvas's Play, the handle's resume(): while the question waits,
    // its own Play (which asks first); true if it took the press.
    gate() {
      if (!p.waiting()) return false;
      p.go();
      return true;
    },
    // The widget was reset (Reset, Reset all, reset()): it waits at 0 s,
    // stopped, with the prediction it had and the answer kept if there was one.
    reset() {
      if (!st.shown) return;
      if (p.fix?.stop()) say(t('Stopped at 0 s.'));
      const stopped = st.watching;
      st.watching = false;
      handle.pause();
      p.sync();
      if (!stopped) return;
      outcome.textContent = t('Stopped at 0 s. Your prediction stays: {0}. Play runs it.', bare(p.spec.choices[st.committed].text));
      say(outcome.textContent);
    },
  };
  return question;
}

// A data-predict's shape, checked before anything is built: a malformed
// one is said once as a warning (controls.js), never a page error at Play.
function checkSpec(spec) {
  const fail = (why) => { throw new TypeError(why); };
  const text = (v, name) => typeof v === 'string' || fail(`"${name}" needs a text`);
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) fail('expected an object: {"question", "choices", "result", "why"}');
  text(spec.question, 'question');
  text(spec.result, 'result');
  text(spec.why, 'why');
  if (!Array.isArray(spec.choices) || spec.choices.length < 2) fail('"choices" needs two or more {"text", "when"}');
  spec.choices.forEach((c, i) => { text(c?.text, `choices[${i}].text`); text(c?.when, `choices[${i}].when`); });
  const m = spec.marker;
  if (m !== undefined && typeof m !== 'string' && !(typeof m?.text === 'string' && Number.isInteger(m.boid) && m.boid >= 0)) fail('"marker" needs a text, or {"text", "boid"} with a boid number from 0');
  const code = spec.code;
  if (code === undefined) return;
  if (code === null || typeof code !== 'object' || !Array.isArray(code.lines) || !code.lines.every((l) => typeof l === 'string')) fail('"code" needs "lines": a list of texts');
  if (code.slip !== undefined && !(Array.isArray(code.slip) && code.slip.every((k) => Number.isInteger(k) && k >= 0 && k < code.lines.length))) fail('"code.slip" lists line numbers from 0');
  if (code.fixes !== undefined && !(Array.isArray(code.fixes) && code.fixes.every((f) => typeof f?.text === 'string' && f.options !== null && typeof f.options === 'object'))) fail('"code.fixes" needs {"text", "options"} each');
}

// What happened against choice i, in words, as the results stream reports it.
function verdict(widget, spec, i, g) {
  const t = (s, ...a) => widget.lang().t(s, ...a);
  const happened = spec.choices.find((c) => holds(c.when, g));
  const held = happened === spec.choices[i];
  const said = held ? t('Your prediction held.') : t('What happened instead: {0}.', bare(happened?.text ?? '?'));
  const text = `${t('You predicted: {0}.', bare(spec.choices[i].text))} ${fill(spec.result, g, widget.lang())} ${said} ${spec.why}`;
  return { kind: 'what-if', item: widget.item, question: spec.question, answer: spec.choices[i].text, correct: happened?.text ?? null, held, text };
}

// The question's fieldset: its choices, Play, the speed and the outcome.
function predictionBox(widget, spec) {
  const { signal, handle } = widget;
  const id = `fl-predict-${++nextId}`;
  const box = document.createElement('fieldset');
  box.className = 'fl-predict';
  box.hidden = true;
  const legend = document.createElement('legend');
  legend.textContent = spec.question;
  box.append(legend);
  const radios = spec.choices.map((c, i) => {
    const label = document.createElement('label');
    const input = Object.assign(document.createElement('input'), { type: 'radio', name: id, value: String(i) });
    label.append(input, ` ${c.text}`);
    box.append(label);
    return input;
  });
  const play = Object.assign(document.createElement('button'), { type: 'button', className: 'fl-predict-play' });
  // The speed it plays at, changed while it plays too: slow motion to watch
  // a turn or a brake happen (the same fixed steps, so the same numbers).
  const speedLabel = Object.assign(document.createElement('label'), { className: 'fl-speed' });
  const speed = document.createElement('select');
  for (const s of SPEEDS) speed.append(new Option(`${widget.lang().number(s, s < 0.5 ? 2 : s < 1 ? 1 : 0)}×`, String(s), s === 1, s === 1));
  const speedWord = document.createElement('span');
  speedLabel.append(speedWord, ' ', speed);
  speed.addEventListener('change', () => handle.setSpeed(Number(speed.value)), { signal });
  const again = Object.assign(document.createElement('button'), { type: 'button', className: 'fl-predict-again', hidden: true });
  const outcome = Object.assign(document.createElement('p'), { className: 'fl-outcome' });
  box.append(play, speedLabel, again, outcome);
  return { box, radios, play, again, speed, speedWord, outcome };
}
