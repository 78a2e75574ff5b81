/** A city's weight in a ranking from its population: 0.5 for 1,000 people, 0.83 for 2 million. */
export function cityImportance(population: number): number {
  return 0.2 + Math.log10(population + 1) / 10;
}
