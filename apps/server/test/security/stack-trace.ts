/** A stack frame as Node prints it ("at fn (/app/src/x.ts:12:5)"), also inside JSON-escaped text. */
const STACK_FRAME = /\bat (?:[\w$.<>[\] ]+ )?\(?(?:(?:file:\/\/)?[\w@./\\-]*\.(?:ts|js|mjs|cjs)|node:[\w/]+):\d+:\d+\)?/;

/** Shipped scripts and archives are our own files, not error output: only the rest is read. */
const isReadable = (contentType: string | undefined): boolean => !/javascript|css|zip|octet-stream/.test(contentType ?? '');

/** Whether an answer shows where in the server code something failed. */
export const leaksStackTrace = (contentType: string | undefined, body: string): boolean => isReadable(contentType) && STACK_FRAME.test(body);
