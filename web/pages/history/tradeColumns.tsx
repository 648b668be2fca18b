/** The trade list of the bond history: TRACE-style dissemination, flagged prints marked. */
import type { Trade } from '@common/api/trade';
import { formatNumber } from '@common/format';
import type { CellProps, Column } from '../../components/DataTable';
import { SIDE_STYLE, tradeStatusText } from './historyView';

function TradeSide({ row }: CellProps<Trade>) {
  const side = SIDE_STYLE[row.side];
  return <span style={{ color: side.textColor }}>{side.label}</span>;
}

/** Disseminated par as printed ("5MM+" when capped), in millions otherwise. */
function DisseminatedSize({ row }: CellProps<Trade>) {
  const q = String(row.quantity);
  return /^\d+(\.\d+)?$/.test(q) ? `${formatNumber(Number(q) / 1e6, 3)}MM` : q;
}

/** A flagged print is shown as printed, struck through: not a level the bond traded at. */
function PrintedPrice({ row, text }: CellProps<Trade>) {
  return row.flag ? <span style={{ textDecoration: 'line-through' }}>{text}</span> : text;
}

function TradeStatus({ row, text }: CellProps<Trade>) {
  return row.flag ? <span style={{ color: 'var(--mantine-color-red-7)' }}>{text}</span> : text;
}

export const TRADE_COLUMNS: Column<Trade>[] = [
  { field: 'executionTime', header: 'Time (ET)', kind: 'instant', width: 190, sort: 'desc' },
  { field: 'side', header: 'Side', width: 120, cell: TradeSide },
  {
    header: 'Size',
    // Sorted by the reported par; shown as disseminated.
    value: (t) => t.reportedQuantity ?? 0,
    kind: 'size',
    width: 100,
    headerTooltip: 'Disseminated par (5MM+ / 1MM+ when capped), USD',
    cell: DisseminatedSize,
  },
  { field: 'price', header: 'Price', kind: 'price', width: 90, headerTooltip: 'Per 100 face', cell: PrintedPrice },
  { field: 'yield', header: 'Yield', kind: 'yield', width: 90, headerTooltip: 'Yield at the trade price, %' },
  {
    header: 'ATS',
    value: (t) => (t.ats ? 'Yes' : ''),
    width: 70,
    headerTooltip: 'Executed on an alternative trading system',
  },
  {
    header: 'Status',
    value: tradeStatusText,
    flex: 1,
    minWidth: 90,
    headerTooltip:
      'Bad print: through Treasuries or at a negative yield. Off-market: rejected by the outlier rule of its day. Neither is priced from.',
    cell: TradeStatus,
  },
];
