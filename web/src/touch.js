// The touch screen's chunk (flocklab-touch.js): what only a page with a
// touch screen needs, loaded by input.js where there is one. typing.js: a
// finger's tap on a panel number brings up the on-screen keyboard; zoom.js:
// the canvas drawn larger where a finger must hit small targets.
export { armTyping } from './typing.js';
export { makeZoom } from './zoom.js';
