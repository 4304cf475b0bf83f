/** A catalog option's label, 'code - cname' (spec section 3); without zod, for the lists' first load (issue 24 section 4). */
export function optionLabel(option: { code: string; cname: string }): string {
  return `${option.code} - ${option.cname}`;
}
