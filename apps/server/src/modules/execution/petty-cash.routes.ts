import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pettyCashCountInput,
  pettyCashCountResponse,
  pettyCashExpenseInput,
  pettyCashExpenseResponse,
  pettyCashFundInput,
  pettyCashFundListResponse,
  pettyCashFundResponse,
  pettyCashFundUpdate,
} from '@amparo/shared/modules/petty-cash.schema';
import { okResponse } from '@amparo/shared/modules/auth.schema';
import { uuid } from '@amparo/shared/validation';
import { actorOf } from '../../plugins/actor.ts';
import * as service from './petty-cash.service.ts';

const params = z.object({ id: uuid });
const expenseParams = z.object({ id: uuid, expense: uuid });
const tags = ['execution'];
const admin = 'ejecucion_administracion' as const;
const custodian = 'ejecucion_solicitudes' as const;

/**
 * Petty cash as an imprest fund per headquarter (issue 26 section 3). Administration (`ejecucion_administracion`)
 * sets up funds and sees them all; a custodian (`ejecucion_solicitudes`) sees theirs, records its expenses and
 * counts it; administration may count any (a surprise count). Replenishments are expense requests of type
 * `petty_cash` (`POST /api/execution/requests` with `pettyCash`).
 */
export const pettyCashRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;
  app.get(
    '/api/execution/petty-cash',
    {
      config: { permission: 'ejecucion' },
      schema: {
        operationId: 'listPettyCashFunds',
        tags,
        summary: "Petty-cash funds: all for administration, the caller's as custodian otherwise",
        response: { 200: pettyCashFundListResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.listFunds(db(), actorOf(request)) }),
  );
  app.get(
    '/api/execution/petty-cash/:id',
    {
      config: { permission: 'ejecucion', problems: { 404: ['not_found'] } },
      schema: {
        operationId: 'getPettyCashFund',
        tags,
        summary: 'One fund with its expenses and counts (administration, or its custodian)',
        params,
        response: { 200: pettyCashFundResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getFund(db(), actorOf(request), request.params.id),
    }),
  );
  app.post(
    '/api/execution/petty-cash',
    {
      config: { permission: admin, problems: { 409: ['petty_cash_fund_exists'] } },
      schema: {
        operationId: 'createPettyCashFund',
        tags,
        summary: "A headquarter's fund: its amount (Q) and custodian; one active per headquarter",
        body: pettyCashFundInput,
        response: { 200: pettyCashFundResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createFund(db(), actorOf(request), request.body),
    }),
  );
  app.put(
    '/api/execution/petty-cash/:id',
    {
      config: {
        permission: admin,
        problems: {
          404: ['not_found'],
          409: ['version_conflict', 'petty_cash_below_pending', 'petty_cash_fund_exists'],
        },
      },
      schema: {
        operationId: 'updatePettyCashFund',
        tags,
        summary: "A fund's custodian, amount, notes and active flag",
        params,
        body: pettyCashFundUpdate,
        response: { 200: pettyCashFundResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateFund(db(), actorOf(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/api/execution/petty-cash/:id/expenses',
    {
      config: {
        permission: custodian,
        problems: { 404: ['not_found'], 409: ['petty_cash_fund_inactive', 'petty_cash_exceeds_fund'] },
      },
      schema: {
        operationId: 'addPettyCashExpense',
        tags,
        summary: 'An expense paid from the fund, by its custodian; never more than the cash left',
        params,
        body: pettyCashExpenseInput,
        response: { 200: pettyCashExpenseResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.addExpense(db(), actorOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/execution/petty-cash/:id/expenses/:expense',
    {
      config: {
        permission: custodian,
        problems: { 404: ['not_found'], 409: ['petty_cash_fund_inactive', 'petty_cash_expense_replenished'] },
      },
      schema: {
        operationId: 'removePettyCashExpense',
        tags,
        summary: 'Removes an expense recorded by mistake, while no replenishment includes it',
        params: expenseParams,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await service.removeExpense(db(), actorOf(request), request.params.id, request.params.expense);
      return { success: true as const, data: {} };
    },
  );
  app.post(
    '/api/execution/petty-cash/:id/counts',
    {
      config: { permission: 'ejecucion', problems: { 404: ['not_found'], 409: ['petty_cash_fund_inactive'] } },
      schema: {
        operationId: 'recordPettyCashCount',
        tags,
        summary: 'A count of the cash found (custodian or administration); the difference is recorded',
        params,
        body: pettyCashCountInput,
        response: { 200: pettyCashCountResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.recordCount(db(), actorOf(request), request.params.id, request.body),
    }),
  );
};
