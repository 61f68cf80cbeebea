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
// item (the button's name, in the results stream)};
// returns {show, hide} for that button's prediction.
export function makePrediction(widget, spec, seconds) {
  const { el, signal, handle, say } = widget;
  const { box, radios, play, speed, speedWord, outcome } = predictionBox(widget, spec);
  // The figure's own buttons stay together: the question goes after the last control.
  const after = el.querySelector(':scope > .fl-measured, :scope > figcaption');
  if (after) after.before(box);
  else el.append(box);
  signal.addEventListener('abort', () => box.remove());

  let watching = false; // a run that this prediction waits for the end of
  const t = (s, ...a) => widget.lang().t(s, ...a);
  const label = () => {
    play.textContent = watching || outcome.textContent ? t('Replay') : t('Play');
    speedWord.textContent = t('Speed');
  };
  const chosen = () => radios.findIndex((r) => r.checked);
  play.addEventListener('click', () => {
    const i = chosen();
    if (i < 0) {
      outcome.textContent = t('Choose what you predict first.');
      say(outcome.textContent);
      radios[0].focus();
      return;
    }
    outcome.textContent = '';
    watching = true;
    label();
    handle.setSpeed(Number(speed.value));
    handle.playTo(seconds);
    say(t('Playing from 0 s to {0} s; you predicted: {1}.', seconds, bare(spec.choices[i].text)));
  }, { signal });
  // The end of the run: paused at its time (the gauges' event, 4 times a second).
  el.addEventListener('flocklab:gauges', (e) => {
    const g = e.detail;
    if (!watching || !handle.paused() || Math.abs(g.time - seconds) > 1e-6) return;
    watching = false;
    let told;
    try {
      told = verdict(widget, spec, chosen(), g);
    } catch (err) {
      warn(el, `data-predict: ${err.message}`);
      return;
    }
    outcome.textContent = told.text;
    label();
    say(told.text);
    report(el, told);
  }, { signal });
  return {
    // A fresh question for this button's run (the widget waits at 0 s).
    show() {
      box.hidden = false;
      outcome.textContent = '';
      watching = false;
      label();
      (radios.find((r) => r.checked) ?? radios[0]).focus({ preventScroll: true });
    },
    hide() {
      box.hidden = true;
      watching = false;
      handle.setSpeed(1);
    },
  };
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
  const outcome = Object.assign(document.createElement('p'), { className: 'fl-outcome' });
  box.append(play, speedLabel, outcome);
  return { box, radios, play, speed, speedWord, outcome };
}
