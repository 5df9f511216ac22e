import { useEffect, useState } from 'react';

/** m:ss until `deadline` (Unix ms), ticking once a second. */
function Countdown({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const left = Math.max(0, Math.round((deadline - now) / 1000));
  return <span className="num">{`${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`}</span>;
}

/**
 * The "approve this login in your broker app" step (the two-factor access token, docs/openapi-client.md),
 * shown in the top bar and in Settings while the token is PENDING.
 */
export function ApprovalStep({ deadline, className = 'approve' }: { deadline: number; className?: string }) {
  return (
    <span className={className} role="status">
      Approve this login in your broker app · <Countdown deadline={deadline} />
    </span>
  );
}
