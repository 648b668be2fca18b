import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CalculatorResponse, NewDealResponse } from '@common/api/newIssueCalculator';
import { PRIMARY_PATHS } from '@common/api/primary';
import { api } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { useApiPostQuery } from '../../api/queries';
import { saveBlob } from '../../components/download';
import { useFeature } from '../../features/useFeature';
import { trackEvent } from '../../usage';
import { type Worksheet, withOverrides, worksheetRequest } from './worksheet';

/**
 * The calculator's answer to the worksheet (asked 300 ms after the last change) and what can be
 * done with it: download the workbook, announce it as a deal. The worksheet itself stays the
 * caller's; every edit goes out through `onChange`.
 */
export function useCalculatorWorkspace({
  worksheet,
  onChange,
  fileStem,
}: {
  worksheet: Worksheet;
  onChange: (next: Worksheet) => void;
  fileStem: string;
}) {
  const { mode, overrides } = worksheet;
  const set = (patch: Partial<Worksheet>) => onChange({ ...worksheet, ...patch });

  const request = useMemo(() => worksheetRequest(worksheet), [worksheet]);
  const [body] = useDebouncedValue(request, 300);
  // Asked by POST (the worksheet is the body), cached by that body; the last answer stays while the next is asked.
  const answer = useApiPostQuery<CalculatorResponse>(PRIMARY_PATHS.calculator, body, {
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = answer.data;
  /** Why the last download or announcement failed. */
  const [actionError, setActionError] = useState<string | null>(null);
  const canExport = useFeature('new-issue-calculator-download-xlsx');
  const canAnnounce = useFeature('new-issue-calculator-new-deal');
  const navigate = useNavigate();
  const [announcing, setAnnouncing] = useState(false);
  /** Announces the calculation (with this page's overrides) as a deal and opens its page. */
  const announce = async () => {
    if (!request || mode !== 'issuer') return;
    setAnnouncing(true);
    setActionError(null);
    try {
      const created = await api.post<NewDealResponse>(PRIMARY_PATHS.calculatorDeal, { calculation: withOverrides(request, overrides) });
      void navigate(`/bw/primary/pricing/${created.id}`);
    } catch (err) {
      setActionError(apiErrorText(err));
    } finally {
      setAnnouncing(false);
    }
  };
  const [exporting, setExporting] = useState(false);
  /** The workbook of what is on screen: the request with this page's overrides (the server decides the feature). */
  const exportXlsx = async () => {
    if (!request) return;
    trackEvent('calculator.export', { tranches: request.tranches.length });
    setExporting(true);
    setActionError(null);
    try {
      const blob = await api.post<Blob>(PRIMARY_PATHS.calculatorXlsx, withOverrides(request, overrides), { responseType: 'blob' });
      saveBlob(blob, `${fileStem}-${data?.pricingDay ?? 'today'}.xlsx`);
    } catch (err) {
      setActionError(apiErrorText(err));
    } finally {
      setExporting(false);
    }
  };

  return {
    worksheet,
    onChange,
    set,
    request,
    answer,
    data,
    actionError,
    canExport,
    canAnnounce,
    announcing,
    announce,
    exporting,
    exportXlsx,
  };
}

export type CalculatorWorkspaceState = ReturnType<typeof useCalculatorWorkspace>;
