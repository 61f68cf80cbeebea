// handle.saveFile() and [data-action="save"]: the widget as one offline HTML
// file with its configuration written inside it, so that a teacher can mail
// a maze or a tuned flock and it opens as it was, from file://, with no
// other request. The file is made by save-file.js, a chunk of its own
// (flocklab-save.js): only a page that saves loads it.
const made = () => import('./flocklab-save.js');

// A download of `blob` named `name` (the CSV's too).
export function saveAs(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// The template on its way before it is needed: called when a student
// points at or focuses a Save button, so that on a slow network the file is
// usually made within the click's user activation (Safari ignores a
// download started a few seconds after its click).
export function prefetchTemplate() {
  made().then((m) => m.fetchTemplate(), () => {}); // a failure is said when the save is asked for
}

// Resolves to the File it downloaded. `offer(file)`: how a button's save
// hands the file over when the template came too late, after the click's
// activation ended (a browser would ignore the download): the widget then
// shows a link that saves it with the student's next click.
export async function saveFile(config, spec, lang, offer = null) {
  const began = performance.now();
  const file = await (await made()).savedFile(config, spec, lang);
  const lapsed = navigator.userActivation ? !navigator.userActivation.isActive : performance.now() - began > 1000;
  if (offer && lapsed) offer(file);
  else saveAs(file, file.name);
  return file;
}
