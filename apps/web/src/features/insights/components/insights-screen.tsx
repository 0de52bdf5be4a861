import { GapInbox } from './gap-inbox';
import { InsightsStats } from './insights-stats';
import { RequestsList } from './requests-list';

/**
 * The Spark's insights screen: its sections stacked in one column, each a component of its own
 * that loads its own data: the visitors' figures first, then what to do about them (the
 * knowledge-gap inbox, and visitors' requests for a person beside it on wide screens).
 */
export function InsightsScreen({ sparkId }: { sparkId: string }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8" data-testid="insights-screen">
      <InsightsStats sparkId={sparkId} />
      <div className="grid items-start gap-6 xl:grid-cols-[3fr_2fr]">
        <GapInbox sparkId={sparkId} />
        <RequestsList sparkId={sparkId} />
      </div>
    </div>
  );
}
