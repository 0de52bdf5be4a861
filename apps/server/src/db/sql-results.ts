/** Both drivers answer `execute()` with a result carrying `rows`; the shared Db type does not say so. */
export const rowsOf = (result: unknown): Array<Record<string, unknown>> => (result as { rows: Array<Record<string, unknown>> }).rows;

const FOREIGN_KEY_VIOLATION = '23503';

/** A write that referenced a row deleted meanwhile (a Spark, a test): the caller answers 404. */
export const isForeignKeyViolation = (error: unknown): boolean => {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return (code ?? cause?.code) === FOREIGN_KEY_VIOLATION;
};

const UNIQUE_VIOLATION = '23505';

/** A write that met a unique key (a name taken, a row created at the same moment). */
export const isUniqueViolation = (error: unknown): boolean => {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return (code ?? cause?.code) === UNIQUE_VIOLATION;
};
