/** What names a cooperating item on the assignment screens. */
export interface ItemNames {
  cooperatingCode: string;
  itemCode: string;
  itemName: string;
}

/** 'F-01 – R1 Becas escolares': the cooperating's code, then the item's code and name. */
export function itemLabel(item: ItemNames): string {
  return `${item.cooperatingCode} – ${item.itemCode} ${item.itemName}`;
}
