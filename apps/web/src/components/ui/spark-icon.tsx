import type { SparkIconName } from '@sparks/contract';
import { SPARK_ICON_PATHS } from '@sparks/contract/spark-icon-paths';

const PATHS = SPARK_ICON_PATHS;

export const isSparkIconName = (name: unknown): name is SparkIconName => typeof name === 'string' && Object.hasOwn(PATHS, name);

/** One of the widget icons, in the current text colour. Decorative unless given a label. */
export function SparkIcon({ name, className = 'size-5', label }: { name: SparkIconName; className?: string; label?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
