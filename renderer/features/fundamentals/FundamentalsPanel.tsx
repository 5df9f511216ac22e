import { Panel } from '../../app/panels/Panel';
import type { PanelProps } from '../../app/panels/panel-types';
import type { FundamentalsSettings } from './fundamentals-settings';

export function FundamentalsPanel({ instrument }: PanelProps<FundamentalsSettings>) {
  return <Panel title="Fundamentals" empty={!instrument && 'Choose an instrument'} />;
}
