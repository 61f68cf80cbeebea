// A figure whose data-action="apply" buttons ask (data-predict with
// data-seconds): its buttons and their questions. It travels in the
// experiments' chunk with predict.js, so a page without questions never
// loads it; controls.js holds the widget at 0 s until it has loaded.
//
// A button sets its configuration (data-options, JSON as apply() takes
// it) and is pressed, the last one used. With a question, the widget goes
// back to 0 s and waits for the student's prediction (predict.js); without,
// it plays to data-seconds at once. The figure opens its pressed question
// (else its first) when the widget is ready, without taking the focus.
import { makePrediction } from './predict.js';
import { warn } from './values.js';

const MAX_PREDICT = 100000; // characters of a data-predict: a page's question is a few kB

// `figure`: the widget's parts by plain names (controls.js): {el, signal,
// lang(), handle, say(text), open(question | null), hold(on), canvas(),
// world()}; `buttons`: its apply buttons. Returns {choose(button, focus),
// open(), gate()}.
export function armFigure(figure, buttons) {
  const { el, handle } = figure;
  const questions = new Map(); // button -> its question (none where its data-predict could not be read)
  for (const b of buttons) {
    if (!b.dataset.predict || !b.dataset.seconds) continue;
    try {
      if (b.dataset.predict.length > MAX_PREDICT) throw new RangeError(`its ${b.dataset.predict.length} characters are more than ${MAX_PREDICT}`);
      let options = {};
      try { options = JSON.parse(b.dataset.options ?? '{}'); } catch { /* said when pressed */ }
      questions.set(b, makePrediction({ ...figure, item: b.textContent.trim(), options }, JSON.parse(b.dataset.predict), Number(b.dataset.seconds)));
    } catch (err) {
      warn(el, `data-predict="${b.dataset.predict.slice(0, 200)}": ${err.message}`);
    }
  }
  let open = null; // the question shown now
  function choose(b, focus) {
    try {
      handle.apply(JSON.parse(b.dataset.options ?? '{}'));
    } catch (err) {
      warn(el, `data-options="${b.dataset.options}": ${err.message}`);
      return;
    }
    for (const x of buttons) x.setAttribute('aria-pressed', String(x === b));
    open?.hide();
    open = questions.get(b) ?? null;
    if (open) {
      handle.pause();
      handle.reset();
      open.show(focus);
    } else {
      figure.open(null);
      figure.hold(false);
      if (b.dataset.predict) handle.pause(); // a question that could not be read: the slip waits for Play
      else if (b.dataset.seconds) handle.playTo(Number(b.dataset.seconds));
    }
  }
  const asking = buttons.filter((b) => b.dataset.predict && b.dataset.seconds);
  return {
    choose,
    open() {
      const first = asking.find((b) => b.getAttribute('aria-pressed') === 'true') ?? asking[0];
      if (first) choose(first, false);
    },
    // The canvas's Play while the widget waited for this code: the open question's, else the widget's own.
    gate() {
      if (!open?.gate()) handle.resume();
    },
  };
}
