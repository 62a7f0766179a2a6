// How long after a hand-over it may be undone ("desfazer resgate"): the server's rule, read by the
// counter screen to offer the button. Its own module: the browser must not import the server's.
export const UNDO_WINDOW_MS = 10 * 60_000;
