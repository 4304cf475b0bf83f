/**
 * CPU of writing one board's answer (issue 24 section 3, decision 0022), in process: the zod check and
 * JSON.stringify the server used before against the compiled writer (plugins/serializer.ts), on a full
 * board (8 columns: 20 cards in each open one, 10 in each closed one), interleaved rounds.
 * `node bench/serializer.ts`. Independent of the HTTP load, so steadier on a shared machine.
 */
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { TICKET_STATUSES, ticketBoardResponse } from '@amparo/shared/modules/support.schema';
import { compiledSerializerCompiler } from '../apps/server/src/plugins/serializer.ts';

const route = { schema: ticketBoardResponse, method: 'GET', url: '/api/support/board', httpStatus: '200' };
const zod = zodSerializerCompiler(route);
const compiled = compiledSerializerCompiler()(route);
const closed = new Set(['finalizado', 'cancelado', 'rechazado']);
let n = 0;
const board = {
  success: true as const,
  data: {
    transitions: [
      { name: 'assign', to: 'asignado', reason: 'none' },
      { name: 'start', to: 'curso', reason: 'none' },
      { name: 'hold', to: 'pendiente', reason: 'required' },
      { name: 'resolve', to: 'resuelto', reason: 'optional' },
      { name: 'cancel', to: 'cancelado', reason: 'required' },
    ],
    columns: TICKET_STATUSES.map((status) => ({
      status,
      total: 250,
      cards: Array.from({ length: closed.has(status) ? 10 : 20 }, () => ({
        id: `6f1c2c1e-4b7a-4a52-9a3e-${String(++n).padStart(12, '0')}`,
        number: `TK-2026-${String(n).padStart(6, '0')}`,
        status,
        priority: 'media',
        version: 3,
        assigneeId: n % 3 ? '0b0f1c2c-4b7a-4a52-9a3e-2d1f0c9b8a71' : null,
        assigneeName: n % 3 ? 'Administración del sistema' : null,
        descriptionPreview:
          'La impresora de la oficina no imprime desde el lunes; revisar el cable y la red de la sede, urgente por favor',
        sla: {
          responseMinutesLeft: n % 2 ? 120 : null,
          resolutionMinutesLeft: -35,
          paused: false,
          breached: n % 4 === 0,
        },
        allowed: [0, 1, 4],
      })),
    })),
  },
};
if (zod(board) !== compiled(board)) throw new Error('the two writers differ');

const time = (write: (d: unknown) => string, runs: number) => {
  const t0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) write(board);
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / runs; // µs per board
};
const rows: string[] = [];
for (let round = 1; round <= 5; round++) {
  const z = time(zod, 500);
  const c = time(compiled, 500);
  rows.push(
    `round ${round}: zod check + JSON.stringify ${z.toFixed(0)} µs, compiled writer ${c.toFixed(0)} µs per board`,
  );
}
console.log(`${Buffer.byteLength(compiled(board))} bytes, 130 cards\n${rows.join('\n')}`);
