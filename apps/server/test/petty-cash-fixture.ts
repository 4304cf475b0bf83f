import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { todayInGuatemala } from '@amparo/shared/format';
import type { PettyCashCount, PettyCashFundDetail } from '@amparo/shared/modules/petty-cash.schema';
import { inDays, type as } from './helpers.ts';

type Api = ReturnType<typeof as>;

/**
 * A petty-cash fund of its own headquarter for the tests of issue 26 section 3, built through the API by
 * `admin` (who holds every key): the fund of `amount` (Q) held by `custodianId`, a petty-cash voucher range of the
 * headquarter, and helpers to spend from it as `custodian` and count it.
 */
export async function pettyCashFund(admin: Api, custodian: Api, custodianId: string, amount = '2000.00') {
  const code = `CC${randomBytes(2).toString('hex').toUpperCase()}`;
  const hq = await admin.post('/api/headquarters', { code, name: `Sede ${code}`, country: 'GT', state: '01' });
  expect(hq.statusCode, hq.body).toBe(200);
  const headquarterId = hq.json().data.id as string;
  const fund = await admin.post('/api/execution/petty-cash', { headquarterId, custodianId, amount });
  expect(fund.statusCode, fund.body).toBe(200);
  const fundId = fund.json().data.id as string;
  const range = await admin.post('/api/vouchers', {
    kind: 'petty_cash',
    series: code,
    description: 'Vales de caja chica',
    start: 1,
    end: 20,
    expiresOn: inDays(200),
    headquarterId,
  });
  expect(range.statusCode, range.body).toBe(200);
  const voucherRangeId = range.json().data.id as string;

  /** Spends `amount` (Q) from the fund as the custodian. */
  async function spend(value: string, description = 'Compra de agua pura') {
    const res = await custodian.post(`/api/execution/petty-cash/${fundId}/expenses`, {
      spentOn: todayInGuatemala(),
      description,
      receipt: `R-${randomBytes(2).toString('hex')}`,
      amount: value,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string };
  }
  /** Counts `cash` (Q) as `who` (the custodian by default), with a note. */
  async function count(cash: string, who: Api = custodian, notes: string | null = 'Arqueo del mes') {
    const res = await who.post(`/api/execution/petty-cash/${fundId}/counts`, { cash, notes });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as PettyCashCount;
  }
  const read = async () => (await admin.get(`/api/execution/petty-cash/${fundId}`)).json().data as PettyCashFundDetail;
  /** What a replenishment request on `countId` carries. */
  const input = (countId: string) => ({ fundId, countId, voucherRangeId });
  return { headquarterId, fundId, voucherRangeId, spend, count, read, input, inDays };
}
