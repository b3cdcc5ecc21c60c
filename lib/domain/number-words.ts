/**
 * English number words, one table: the readers that accept numbers written as words (the period grammar's
 * counts, the planner's year counts and formula constants, inline XBRL's number-word transform) look them up
 * here, each keeping its own bound (the words it accepts where it reads them).
 */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** The value of one number word ("Twelve" → 12), or undefined when the table has no such word. */
export function numberWord(word: string): number | undefined {
  return Object.hasOwn(NUMBER_WORDS, word.toLowerCase()) ? NUMBER_WORDS[word.toLowerCase()] : undefined;
}
