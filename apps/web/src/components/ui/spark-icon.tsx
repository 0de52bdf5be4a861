import type { SparkIconName } from '@sparks/contract';
import { SPARK_ICON_PATHS } from '@sparks/contract/spark-icon-paths';
import { LineIcon } from './line-icon';

const PATHS = SPARK_ICON_PATHS;

export const isSparkIconName = (name: unknown): name is SparkIconName => typeof name === 'string' && Object.hasOwn(PATHS, name);

/** One of the widget icons, in the current text colour. Decorative unless given a label. */
export function SparkIcon({ name, className = 'size-5', label }: { name: SparkIconName; className?: string; label?: string }) {
  return <LineIcon d={PATHS[name]} className={className} {...(label ? { label } : {})} />;
}
