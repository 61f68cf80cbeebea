// The experiment's words: the prediction's shapes, the shape of a series
// of means, and the sentences that say how the measure goes with the varied
// setting and how a prediction compares. (The seeds an element names are
// read by the core, with the CLI's grammar: the module's description lists them.)
import { number, summarize, withUnit } from './values.js';

export const SHAPES = ['rises', 'falls', 'stays level', 'peaks'];
export const POINTS = 'points'; // the prediction menu's last choice: points dragged on the chart
export const shapeWords = (t) => ({ rises: t('rises'), falls: t('falls'), 'stays level': t('stays level'), peaks: t('peaks') });

// The shape of a series of means: {shape: 'rises', 'falls', 'stays level' or
// 'peaks', and where it peaks (at), settles or levels off (an index)}.
// `errors`: each mean's standard error, when the means come from runs. The
// rule is the core's, decided once (src/core/shape.cpp; the experiments'
// module's sw_shape), which experiment-run.js loads on this thread while an
// experiment is described; null until it has (the words then say how many
// runs are in, and a run's last sentence waits for it).
let shapeApi = null;
export const useShapeApi = (api) => { shapeApi = api; };
export const hasShapes = () => shapeApi !== null;
export function shapeOf(means, errors = []) {
  return shapeApi ? JSON.parse(shapeApi.shape(means.map(String).join(','), errors.map(String).join(','))) : null;
}

// Results in words, over the experiment's state `ex` (experiment.js).
export function makeWords(ex) {
  const { t_: t, num_: num, measure_: measure, kind_: kind, guessedShape_: guessedShape, predict_: predict } = ex;
  function byValue() {
    const g = measure()?.name;
    return (ex.info_?.values ?? []).map((value) => {
      // In run order, as the CLI sums them (the core's summarize()): rows
      // come from several workers in any order, and a sum's last bit follows its order.
      const xs = ex.rows_.filter((r) => r.value === value).sort((a, b) => a.run - b.run).map((r) => r[g]);
      const s = summarize(xs);
      // The mean's standard error (sample deviation over the square root of n; 0 for one run).
      let ss = 0;
      for (const x of xs) ss += (x - s.mean) ** 2;
      return { value, ...s, error: xs.length > 1 ? Math.sqrt(ss / (xs.length - 1) / xs.length) : 0 };
    });
  }
  const shapeOfRuns = (per) => shapeOf(per.map((p) => p.mean), per.map((p) => p.error));
  const varyWords = () => t(ex.info_.vary.label);
  // A value as people read it: 330 (not 330.0), 0,25 in Spanish; with the setting's unit.
  const digits = (v) => (String(Number(v)).split('.')[1] ?? '').length;
  const valueWords = (v, unit = true) => {
    const x = Number(v);
    if (v === '' || !Number.isFinite(x)) return t(v);
    const words = num(x, Math.min(6, digits(v)));
    return unit ? withUnit(words, ex.info_.vary.unit, t) : words;
  };
  // The measure as the gauges show it (values.js number(): its decimals, its unit).
  const measureWords = (v) => number(v, measure().unit, measure().decimals, { t, number: num });

  // One sentence: how the measure's mean goes with the varied setting.
  function sentence() {
    const per = byValue().filter((p) => p.n > 0);
    if (per.length < 2) return per.length ? t('{0} runs so far.', ex.rows_.length) : t('No runs yet.');
    const g = measure();
    const v = (p) => valueWords(p.value);
    const m = (p) => measureWords(p.mean);
    const s = shapeOfRuns(per);
    if (!s) return t('{0} runs so far.', ex.rows_.length);
    const [a, b] = [per[0], per[per.length - 1]];
    if (s.shape === 'stays level') return t('{0} stays near {1} from {2} {3} to {2} {4}.', t(g.name), m(b), varyWords(), v(a), v(b));
    if (s.shape === 'peaks') {
      const p = per[s.at];
      return t('{0} rises from {1} at {2} {3} to {4} at {2} {5}, then falls to {6} at {2} {7}.', t(g.name), m(a), varyWords(), v(a), m(p), v(p), m(b), v(b));
    }
    const to = per[s.settlesAt ?? s.levelsAt ?? per.length - 1];
    const args = [t(g.name), m(a), varyWords(), v(a), m(to), v(to)];
    const part = s.shape === 'rises' ? t('{0} rises from {1} at {2} {3} to {4} at {2} {5}', ...args) : t('{0} falls from {1} at {2} {3} to {4} at {2} {5}', ...args);
    if (s.settlesAt !== undefined) return part + t(', and stays there.');
    return part + (s.levelsAt !== undefined ? t(', then levels off.') : '.');
  }

  // The prediction beside the result, in numbers; no grade.
  function comparison() {
    const got = kind() ? resultShape() : null;
    if (!got) return '';
    if (kind() === 'points' && !ex.pointsMoved_) return t('The points were left where they started: no prediction.');
    const per = byValue().filter((p) => p.n > 0);
    const words = shapeWords(t);
    const [a, b] = [per[0], per[per.length - 1]];
    if (kind() === 'shape') {
      return t('You predicted: {0}. The result: {1}; its mean went from {2} to {3}.', words[predict.value], words[got], measureWords(a.mean), measureWords(b.mean));
    }
    // Points: the predicted and the measured at both ends, and how far apart they are.
    const guess = (p) => ex.points_[ex.info_.values.indexOf(p.value)];
    const gaps = per.map((p) => Math.abs(guess(p) - p.mean));
    const widest = gaps.indexOf(summarize(gaps).max);
    return t('You predicted {0} at {1} {2} and {3} at {1} {4} ({5}); the means were {6} and {7} ({8}). Your points were {9} from the means on average, {10} at most (at {1} {11}).',
      measureWords(guess(a)), varyWords(), valueWords(a.value), measureWords(guess(b)), valueWords(b.value), words[guessedShape()],
      measureWords(a.mean), measureWords(b.mean), words[got],
      measureWords(gaps.reduce((x, y) => x + y, 0) / gaps.length), measureWords(gaps[widest]), valueWords(per[widest].value));
  }
  // The results' shape once every run is in (the results stream's answer), or null.
  function resultShape() {
    const per = byValue().filter((p) => p.n > 0);
    if (per.length < 2 || ex.rows_.length < (ex.info_?.runs ?? Infinity)) return null;
    return shapeOfRuns(per)?.shape ?? null;
  }
  return { byValue_: byValue, varyWords_: varyWords, valueWords_: valueWords, measureWords_: measureWords, sentence_: sentence, comparison_: comparison, resultShape_: resultShape };
}
