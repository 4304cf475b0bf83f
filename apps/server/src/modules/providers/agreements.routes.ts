import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agreementInput,
  agreementListResponse,
  agreementResponse,
  agreementUpdate,
  agreementUsesResponse,
} from '@amparo/shared/modules/framework-agreements.schema';
import { uuid } from '@amparo/shared/validation';
import { agreementUsesPoint } from '../../lib/agreement-uses.ts';
import { actorOf } from '../../plugins/actor.ts';
import * as service from './agreements.service.ts';

const providerParams = z.object({ id: uuid });
const params = z.object({ id: uuid, agreement: uuid });
const config = { permission: 'configuracion_proveedores' as const };
const tags = ['providers'];

/**
 * A provider's framework agreements (blanket orders; issue 26 section 1), permission `configuracion_proveedores`:
 * list, add, edit (items included). No delete: deactivate instead, as requests will point at them.
 */
export const agreementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;
  app.get(
    '/api/providers/:id/agreements',
    {
      config: { ...config, problems: { 404: ['not_found'] } },
      schema: {
        operationId: 'listProviderAgreements',
        tags,
        summary: "A provider's framework agreements with their items and state, latest validity first",
        params: providerParams,
        response: { 200: agreementListResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.listAgreements(db(), request.params.id) }),
  );
  app.get(
    '/api/providers/:id/agreements/:agreement',
    {
      config: { ...config, problems: { 404: ['not_found'] } },
      schema: {
        operationId: 'getProviderAgreement',
        tags,
        summary: 'One framework agreement with its items',
        params,
        response: { 200: agreementResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getAgreement(db(), request.params.id, request.params.agreement),
    }),
  );
  app.get(
    '/api/providers/:id/agreements/:agreement/uses',
    {
      config: { ...config, problems: { 404: ['not_found'] } },
      schema: {
        operationId: 'listProviderAgreementUses',
        tags,
        summary:
          'The requests whose quote took its prices from the agreement: number, status, date, selected, total (newest first)',
        params,
        response: { 200: agreementUsesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listAgreementUses(
        db(),
        app.extensions.all(agreementUsesPoint),
        request.params.id,
        request.params.agreement,
      ),
    }),
  );
  app.post(
    '/api/providers/:id/agreements',
    {
      config: { ...config, problems: { 404: ['not_found'], 409: ['provider_inactive'] } },
      schema: {
        operationId: 'createProviderAgreement',
        tags,
        summary:
          'Add a framework agreement (audited): 400 agreement_dates_order, duplicate item; 409 provider_inactive',
        params: providerParams,
        body: agreementInput,
        response: { 200: agreementResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createAgreement(db(), actorOf(request), request.params.id, request.body),
    }),
  );
  app.put(
    '/api/providers/:id/agreements/:agreement',
    {
      config: { ...config, problems: { 404: ['not_found'], 409: ['version_conflict'] } },
      schema: {
        operationId: 'updateProviderAgreement',
        tags,
        summary: 'Edit a framework agreement and its items (audited): 409 version_conflict',
        params,
        body: agreementUpdate,
        response: { 200: agreementResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateAgreement(
        db(),
        actorOf(request),
        request.params.id,
        request.params.agreement,
        request.body,
      ),
    }),
  );
};
