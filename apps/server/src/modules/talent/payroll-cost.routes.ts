import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayInGuatemala } from '@amparo/shared/format';
import { payrollCostQuery, payrollCostResponse } from '@amparo/shared/modules/talent.schema';
import { payrollCostAt } from './payroll-cost.ts';

/**
 * A contract's monthly payroll cost (issue 28 section 4, decision 0034), permission `talento_colaboradores`: what
 * the contract form shows as its breakdown, computed from the dated rates; nothing is written.
 */
export const payrollCostRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/talent/payroll-cost',
    {
      config: { permission: 'talento_colaboradores', problems: { 409: ['setting_missing'] } },
      schema: {
        operationId: 'payrollCost',
        tags: ['talent'],
        summary:
          "A month's cost of a salary and bonificación (Q) by the payroll rates in force on `date`: employer fees, withholdings, provisions, total",
        querystring: payrollCostQuery,
        response: { 200: payrollCostResponse },
      },
    },
    async (request) => {
      const { date, ...pay } = request.query;
      return { success: true as const, data: await payrollCostAt(app.db.db, pay, date ?? todayInGuatemala()) };
    },
  );
};
