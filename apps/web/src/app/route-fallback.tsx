import { PageHeading } from '../components/ui/page-heading';
import { Spinner } from '../components/ui/spinner';

/**
 * What a signed-in route shows while its chunk downloads: its own heading and a block
 * as tall as the screens' first loading state, so nothing moves when the screen arrives.
 */
export const RouteFallback = ({ title }: { title: string }) => (
  <>
    <PageHeading title={title} />
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner label="Loading..." />
    </div>
  </>
);

/**
 * The public screens' and the signed-in frame's stand-in: the full-height centring of the
 * auth cards and of the session check's spinner.
 */
export const FullPageFallback = () => (
  <div className="flex min-h-screen items-center justify-center">
    <Spinner label="Loading..." />
  </div>
);
