/** Whole years between a date of birth (YYYY-MM-DD) and a day. */
export function ageOn(dateOfBirth: string, day: Date): number {
  const [y, m, d] = dateOfBirth.split("-").map(Number);
  let age = day.getUTCFullYear() - y!;
  const beforeBirthday = day.getUTCMonth() + 1 < m! || (day.getUTCMonth() + 1 === m! && day.getUTCDate() < d!);
  if (beforeBirthday) age -= 1;
  return age;
}
