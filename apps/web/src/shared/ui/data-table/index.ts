export { DataTable, type DataColumn, type ServerSort } from './data-table';
