/**
 * What a link to the petty-cash request form may pass (`?fund=&count=`): the fund and the count a replenishment
 * starts from. The form checks them against the caller's funds; a value that is not one is ignored.
 */
export type PettyCashRequestSearch = { fund?: string; count?: string };
