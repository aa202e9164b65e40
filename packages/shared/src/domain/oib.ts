/**
 * OIB (Croatian personal identification number): 11 digits, the last one an ISO 7064 MOD 11,10
 * check digit over the first ten.
 */
export function isValidOib(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let a = 10;
  for (let i = 0; i < 10; i++) {
    a = (a + Number(value[i])) % 10;
    if (a === 0) a = 10;
    a = (a * 2) % 11;
  }
  let check = 11 - a;
  if (check === 10) check = 0;
  return check === Number(value[10]);
}
