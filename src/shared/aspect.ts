// A picture's proportions, apart from the sizes they feed (decoration-size.ts): the order form
// needs only this when a picture is read, so its first download stays small.
/**
 * A picture's proportions as the order carries them: width ÷ height to three decimals, or null when
 * that is no proportion the order accepts (more than 1000 to 1 either way). The form reads the
 * pixels in the browser and the server from the stored file (artwork/graphic-aspects.ts): both
 * round here, so the estimate, the quote and the job size a graphic alike.
 */
export function aspectOf(pixels: { width: number; height: number }): number | null {
  const aspect = Math.round((pixels.width / pixels.height) * 1000) / 1000;
  return aspect > 0 && aspect <= 1000 ? aspect : null;
}
