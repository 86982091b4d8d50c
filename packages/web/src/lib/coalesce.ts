/**
 * Runs `run` at most once per `ms`, at the end of the window the first call opened: a burst of live events
 * (one sweep announcing many moves) asks the server again once, not once per event.
 */
export function coalesce(run: () => void, ms = 250) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    call() {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        run();
      }, ms);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
