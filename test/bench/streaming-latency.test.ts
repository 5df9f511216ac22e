import { describe, expect, it } from 'vitest';
import { latencySplit, tickToPaint } from './scenarios/streaming-latency';

describe('bench tick-to-paint matching and split', () => {
  it('matches a painted value to the newest run of that value published before the frame', () => {
    const runs = new Map([
      [
        'AAPL',
        [
          ['190.00', 1_000],
          ['190.10', 2_000],
          ['190.00', 3_000],
        ] as Array<[string, number]>,
      ],
    ]);
    const matched = tickToPaint(
      [
        ['AAPL', '190.00', 2_500, 2_490],
        ['AAPL', '190.00', 3_040, 3_030],
        ['MSFT', '50.00', 3_000, 3_000],
      ],
      runs,
    );
    expect(matched).toEqual([
      { symbol: 'AAPL', text: '190.00', at: 2_500, committed: 2_490, shown: 2_500, published: 1_000 },
      { symbol: 'AAPL', text: '190.00', at: 3_040, committed: 3_030, shown: 3_040, published: 3_000 },
    ]);
  });

  it('matches by the DOM change, not the frame: a frame begins before a commit it paints', () => {
    // Seen in a full run: a value published 3 ms after its frame began, committed after that and
    // painted in that frame, was matched to the same value's run 20 s before.
    const runs = new Map([
      [
        'LOW',
        [
          ['286.07', 1_000],
          ['286.06', 6_000],
          ['286.07', 21_003],
        ] as Array<[string, number]>,
      ],
    ]);
    expect(tickToPaint([['LOW', '286.07', 21_000, 21_006]], runs)).toEqual([
      { symbol: 'LOW', text: '286.07', at: 21_000, committed: 21_006, shown: 21_006, published: 21_003 },
    ]);
    // Within the clocks' slack (2 ms), a commit may read a little earlier than the publish.
    expect(tickToPaint([['LOW', '286.07', 20_999, 21_001]], runs)[0]?.published).toBe(21_003);
  });

  it('splits each traced paint by decode and send times, leaving out paints published before the trace', () => {
    const matched = [
      { symbol: 'AAPL', text: '190.10', at: 2_060, committed: 2_050, shown: 2_060, published: 2_000 },
      { symbol: 'AAPL', text: '190.00', at: 1_100, committed: 1_090, shown: 1_100, published: 1_000 },
      // No send in the trace: dropped.
      { symbol: 'MSFT', text: '50.00', at: 2_100, committed: 2_100, shown: 2_100, published: 2_000 },
    ];
    const split = latencySplit(
      matched,
      [
        ['d', 'AAPL', '190.1', 2_010],
        ['s', 'AAPL', '190.1', 2_030],
        ['d', 'MSFT', '50', 2_020],
      ],
      1_500,
    );
    expect(split).toEqual({
      samples: 1,
      publishToDecodeP50Ms: 10,
      publishToDecodeP99Ms: 10,
      decodeToSendP50Ms: 20,
      decodeToSendP99Ms: 20,
      sendToCommitP50Ms: 20,
      sendToCommitP99Ms: 20,
      commitToFrameP50Ms: 10,
      commitToFrameP99Ms: 10,
    });
  });
});
