import type { ReactNode } from 'react';
import { Panel } from '../../ui/Panel';
import type { LinkedInstrument, PanelProps } from '../../ui/panel-types';
import { CapitalFlowTab, FinancialsTab, IndustryTab } from './FinancialsTab';
import type { FundamentalsSettings } from './fundamentals-settings';
import {
  AllocationTab,
  BriefTab,
  FilesTab,
  FundDividendsTab,
  HoldingsTab,
  NetValueTab,
  PerformanceTab,
  RatingTab,
  SplitsTab,
} from './FundTabs';
import { AlertsTab, AnalystsTab, DividendsTab, EarningsTab, FilingsTab, ProfileTab } from './StockTabs';
import { Tabs } from './Tabs';
import styles from './Fundamentals.module.css';

export type { FundamentalsSettings } from './fundamentals-settings';

export const STOCK_TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'analysts', label: 'Analysts' },
  { id: 'earnings', label: 'Earnings' },
  { id: 'dividends', label: 'Dividends' },
  { id: 'financials', label: 'Financials' },
  { id: 'capital-flow', label: 'Capital flow' },
  { id: 'industry', label: 'Industry' },
  { id: 'filings', label: 'Filings' },
  { id: 'alerts', label: 'Alerts' },
] as const;

export const FUND_TABS = [
  { id: 'brief', label: 'Brief' },
  { id: 'performance', label: 'Performance' },
  { id: 'net-value', label: 'Net value' },
  { id: 'holdings', label: 'Holdings' },
  { id: 'allocation', label: 'Allocation' },
  { id: 'fund-dividends', label: 'Dividends' },
  { id: 'rating', label: 'Rating' },
  { id: 'splits', label: 'Splits' },
  { id: 'files', label: 'Files' },
] as const;

/**
 * Research on the linked instrument: the stock tab set, or the fund tab set for an ETF. Only the
 * selected tab is mounted, so a tab's operations run the first time it is viewed (and are cached
 * for five minutes after).
 */
export function FundamentalsPanel({
  instanceId,
  settings,
  updateSettings,
  instrument,
  setInstrument,
}: PanelProps<FundamentalsSettings>) {
  const isFund = instrument?.category === 'US_ETF';
  const tabs = isFund ? FUND_TABS : STOCK_TABS;
  const tab = tabs.find((t) => t.id === settings.tab)?.id ?? tabs[0].id;
  const period = settings.period === 'ANNUAL' ? 'ANNUAL' : 'QUARTERLY';
  // Holdings and peers are stocks of the universe; choosing one drives the link group.
  const chooseStock = (symbol: string) => setInstrument({ symbol, category: 'US_STOCK' });
  const idBase = `fund-${instanceId}`;
  return (
    <Panel
      title="Fundamentals"
      meta={instrument ? `${instrument.symbol} · ${isFund ? 'ETF' : 'stock'}` : undefined}
      empty={!instrument && 'Choose an instrument in a linked panel to read its fundamentals'}
    >
      {instrument && (
        <div className={styles.body}>
          <Tabs
            label={`${instrument.symbol} fundamentals`}
            tabs={tabs}
            selected={tab}
            onSelect={(id) => updateSettings({ tab: id })}
            idBase={idBase}
          />
          <div
            role="tabpanel"
            id={`${idBase}-panel-${tab}`}
            aria-labelledby={`${idBase}-tab-${tab}`}
            className={styles.panelArea}
            tabIndex={0}
          >
            {renderTab(tab, instrument, period, (p) => updateSettings({ period: p }), chooseStock)}
          </div>
        </div>
      )}
    </Panel>
  );
}

function renderTab(
  tab: string,
  instrument: LinkedInstrument,
  period: FundamentalsSettings['period'],
  setPeriod: (p: FundamentalsSettings['period']) => void,
  chooseStock: (symbol: string) => void,
): ReactNode {
  const p = { instrument };
  switch (tab) {
    case 'analysts':
      return <AnalystsTab {...p} />;
    case 'earnings':
      return <EarningsTab {...p} />;
    case 'dividends':
      return <DividendsTab {...p} />;
    case 'financials':
      return <FinancialsTab {...p} period={period} setPeriod={setPeriod} />;
    case 'capital-flow':
      return <CapitalFlowTab {...p} />;
    case 'industry':
      return <IndustryTab {...p} onChoose={chooseStock} />;
    case 'filings':
      return <FilingsTab {...p} />;
    case 'alerts':
      return <AlertsTab {...p} />;
    case 'brief':
      return <BriefTab {...p} />;
    case 'performance':
      return <PerformanceTab {...p} />;
    case 'net-value':
      return <NetValueTab {...p} />;
    case 'holdings':
      return <HoldingsTab {...p} onChoose={chooseStock} />;
    case 'allocation':
      return <AllocationTab {...p} />;
    case 'fund-dividends':
      return <FundDividendsTab {...p} />;
    case 'rating':
      return <RatingTab {...p} />;
    case 'splits':
      return <SplitsTab {...p} />;
    case 'files':
      return <FilesTab {...p} />;
    default:
      return <ProfileTab {...p} />;
  }
}
