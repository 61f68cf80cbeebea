// The line of code behind the mistake: after a what-if's answer, folded
// under it (a <details> the student opens), the step
// as a few lines of Python in the labs' style with the slip's lines marked,
// and the candidate fixes. Picking one runs the what-if again from 0 s with
// that change (its `options`, as apply() takes them: the hollow lane's
// `compare`, and the figure's own options such as `update`); at the end the
// widget says whether the hollow lane now runs the lab's way, to the bit
// (every gauge equal and `apart` 0), or how far from it it still ends. A
// wrong fix runs what it says. Each pick is a `fix` result in the results
// stream.
//
// data-predict's "code": {"lines": ["MAX_FORCE = 0.2", ...], "slip": [0],
//   "fixes": [{"text": "MAX_FORCE = 440.0", "options": {"compare": "max-force=440"}}, ...],
//   "note": "said where there are no fixes"}
import { report } from './results.js';

// A fix's code without its comment ("MAX_FORCE = 440.0   # px/s²" says "MAX_FORCE = 440.0").
const codeOf = (text) => text.replace(/\s+#.*$/, '').trim();

// `widget` as predict.js has it; `spec.code`; `seconds`: the run's length;
// `speed()`: the speed chosen beside Play. Returns {show, hide, stop()
// (true if a fix's run was under way)} and puts its part at the end of `box`.
export function makeFixes(widget, spec, seconds, box, speed) {
  const { el, signal, handle, say } = widget;
  const code = spec.code;
  const t = (s, ...a) => widget.lang().t(s, ...a);
  // Folded under the answer (one line: the question and the answer stay on
  // a full screen beside the canvas); opened, it takes the focus's Tab next.
  const part = Object.assign(document.createElement('details'), { className: 'fl-code', hidden: true });
  const summary = document.createElement('summary');
  const intro = document.createElement('p');
  const pre = document.createElement('pre');
  const slips = new Set(code.slip ?? []);
  code.lines.forEach((line, i) => {
    const row = document.createElement(slips.has(i) ? 'mark' : 'span');
    row.textContent = line;
    pre.append(row, '\n');
  });
  const ask = document.createElement('p');
  const list = Object.assign(document.createElement('div'), { className: 'fl-fixes', role: 'group' });
  const fixes = (code.fixes ?? []).map((f) => {
    const b = Object.assign(document.createElement('button'), { type: 'button', className: 'fl-fix' });
    const c = document.createElement('code');
    c.textContent = f.text;
    b.append(c);
    b.addEventListener('click', () => run(f, b), { signal });
    list.append(b);
    return b;
  });
  const said = Object.assign(document.createElement('p'), { className: 'fl-fix-outcome' });
  part.append(summary, intro, pre, ask, list, said);
  box.append(part);

  let running = null; // the fix whose run is playing
  const words = () => {
    summary.textContent = fixes.length ? t('The code behind the slip, and fixes to try') : t('The code behind it');
    intro.textContent = slips.size ? t('The step in Python, the slip marked:') : t('The step in Python:');
    ask.textContent = fixes.length ? t('Which change fixes it? Pick one: the hollow lane runs again from 0 s with it.') : code.note ?? '';
    list.setAttribute('aria-label', t('Candidate fixes'));
  };
  function run(f, b) {
    try {
      handle.apply(f.options);
    } catch (err) {
      said.textContent = err.message;
      return;
    }
    running = f;
    for (const x of fixes) x.setAttribute('aria-pressed', String(x === b));
    said.textContent = '';
    handle.setSpeed(speed());
    handle.playTo(seconds);
    say(t('Playing from 0 s to {0} s with the fix: {1}.', seconds, codeOf(f.text)));
  }
  el.addEventListener('flocklab:gauges', (e) => {
    const g = e.detail;
    if (!running || !handle.paused() || Math.abs(g.time - seconds) > 1e-6) return;
    const f = running;
    running = null;
    const same = g.whatIf !== undefined && g.apart === 0 && Object.keys(g.whatIf).every((k) => g.whatIf[k] === g[k]);
    const apart = widget.lang().number(g.apart ?? NaN, 1);
    said.textContent = same
      ? t('With {0}, the hollow lane runs the lab\'s way to the bit: every gauge the same, 0 px apart at {1} s. That fixes it.', codeOf(f.text), seconds)
      : t('With {0}, the hollow lane still ends {1} px from the lab\'s at {2} s: this change does not undo the slip.', codeOf(f.text), apart, seconds);
    say(said.textContent);
    report(el, {
      kind: 'fix', item: widget.item, question: t('Which change fixes it?'), answer: f.text,
      correct: same ? t('the lanes are the same') : t('{0} px apart', apart), held: same, text: said.textContent,
    });
  }, { signal });
  return {
    show() { words(); part.hidden = false; },
    hide() { part.hidden = true; running = null; said.textContent = ''; for (const x of fixes) x.removeAttribute('aria-pressed'); },
    // Reset stopped its run (said by the question).
    stop() { const was = running !== null; running = null; return was; },
  };
}
