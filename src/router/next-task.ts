/**
 * Ends the current task, so a key press that arrived meanwhile is handled before the next piece
 * of start-up work or the next screen's render (the first key press after load waits at most 50 ms).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
