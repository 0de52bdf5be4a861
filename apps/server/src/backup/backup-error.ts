/**
 * A refusal or failure a person can act on (a damaged archive, a target that is not empty, a
 * server still running). Its message is one sentence meant for the terminal; the command line
 * prints it alone, while any other error is a bug or an outside failure and keeps its detail.
 */
export class BackupError extends Error {
  override name = 'BackupError';
}
