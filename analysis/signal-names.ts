/** Names that, on a parameter or variable, hold a cancellation signal: `signal`, `abortSignal`, `callerSignal`, … */
export const SIGNAL_NAME_WORDS = "(?:abort|cancel|cancellation|caller|request|parent|outer)?[sS]ignal";

/** A whole name that holds a cancellation signal, as a cheap syntactic test for "this code listens to one". */
export const SIGNAL_NAME = new RegExp(`^${SIGNAL_NAME_WORDS}$`);
