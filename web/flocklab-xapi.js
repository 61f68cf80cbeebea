// flocklab's results as xAPI statements, for a host that keeps its learners'
// records in a Learning Record Store. A module of its own beside flocklab.js
// (the page's widgets never need it):
//   import { xapiStatement } from './flocklab-xapi.js';   // or 'flocklab/flocklab-xapi.js'
//   document.addEventListener('flocklab:result', (e) => lrs.sendStatement(xapiStatement(e.detail, { actor, activity })));
// A result as an xAPI statement, for a host that keeps its learners' records
// in a Learning Record Store (cmi5, an LMS's LRS): `actor` is the host's
// (who the student is, which only the host knows: {mbox} or {account}),
// `activity` the IRI of the page or course. The student "answered" the
// question, an activity below `activity` (one per widget and button, or per
// experiment or check); `result.response` is their answer, `success`
// whether it held (none where they predicted nothing), and the question's
// correct response is what happened.
const ANSWERED = { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } };
const INTERACTION = 'http://adlnet.gov/expapi/activities/cmi.interaction';
export function xapiStatement(result, { actor, activity, lang = 'en' } = {}) {
  if (!result || typeof result !== 'object' || typeof result.kind !== 'string') throw new TypeError('flocklab: xapiStatement(result, ...): result is a flocklab:result event\'s detail');
  if (!actor || typeof actor !== 'object' || Array.isArray(actor)) throw new TypeError('flocklab: xapiStatement: actor is the host\'s xAPI Agent, such as {mbox: "mailto:student@example.org"}');
  if (typeof activity !== 'string' || !/^[a-z][a-z0-9+.-]*:\S+$/i.test(activity)) throw new TypeError('flocklab: xapiStatement: activity is the page\'s IRI, such as "https://example.org/lesson-5"');
  const part = (v) => encodeURIComponent(String(v));
  const id = [activity.replace(/\/+$/, ''), part(result.kind), part(result.id ?? 'page'), ...(result.item ? [part(result.item)] : [])].join('/');
  const statement = {
    actor,
    verb: ANSWERED,
    object: {
      objectType: 'Activity',
      id,
      definition: {
        type: INTERACTION,
        name: { [lang]: String(result.question || result.item || result.kind) },
        interactionType: result.kind === 'check' ? 'numeric' : 'other',
        ...(result.correct === null || result.correct === undefined ? {} : { correctResponsesPattern: [String(result.correct)] }),
      },
    },
    result: {
      response: result.answer === null || result.answer === undefined ? '' : String(result.answer),
      completion: true,
      ...(typeof result.held === 'boolean' ? { success: result.held } : {}),
    },
    context: { contextActivities: { parent: [{ objectType: 'Activity', id: activity }] }, language: lang },
  };
  if (typeof result.at === 'string') statement.timestamp = result.at;
  return statement;
}
