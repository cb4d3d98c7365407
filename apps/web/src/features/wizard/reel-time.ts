/** Spec §5 and §8: a total is flagged when the scenes run over the reel time (Step 1 and Step 5 both say so). */
export function isOverReelTime(total: number, reelTime: number): boolean {
  return total > reelTime + 0.05;
}
