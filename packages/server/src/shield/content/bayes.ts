/**
 * A statistical spam filter after Gary Robinson's method, as SpamBayes and Bogofilter use it:
 * each token's spam probability from how often it appeared in texts called spam and not spam,
 * pulled towards "unknown" while it has been seen only a few times, and the strongest clues
 * combined with Fisher's chi-square. The answer is near 1 for spam, near 0 for not spam, and
 * near 0.5 when the text says little either way.
 */

export interface TokenCounts {
  spam: number;
  ham: number;
}

export interface Model {
  spamTexts: number;
  hamTexts: number;
  counts(token: string): TokenCounts | undefined;
}

export interface Clue {
  token: string;
  probability: number;
}

export interface Judgement {
  spamProbability: number;
  /** The clues that decided, strongest first. */
  clues: Clue[];
}

/** SpamBayes's defaults: how hard an unknown token pulls, and which clues are too weak to use. */
const UNKNOWN_STRENGTH = 0.45;
const UNKNOWN_PROBABILITY = 0.5;
const MIN_STRENGTH = 0.1;
const MAX_CLUES = 150;

function tokenProbability({ spam, ham }: TokenCounts, model: Model): number {
  const spamRatio = spam / Math.max(1, model.spamTexts);
  const hamRatio = ham / Math.max(1, model.hamTexts);
  const raw = spamRatio + hamRatio === 0 ? UNKNOWN_PROBABILITY : spamRatio / (spamRatio + hamRatio);
  const seen = spam + ham;
  return (UNKNOWN_STRENGTH * UNKNOWN_PROBABILITY + seen * raw) / (UNKNOWN_STRENGTH + seen);
}

/** The chance of a chi-square at least `x2` with `freedom` (even) degrees of freedom. */
function chi2Q(x2: number, freedom: number): number {
  const m = x2 / 2;
  let term = Math.exp(-m);
  let sum = term;
  for (let i = 1; i < freedom / 2; i += 1) {
    term *= m / i;
    sum += term;
  }
  return Math.min(sum, 1);
}

export function judge(tokens: readonly string[], model: Model): Judgement {
  const clues: Clue[] = [];
  for (const token of tokens) {
    const counts = model.counts(token);
    if (!counts) continue;
    const probability = tokenProbability(counts, model);
    if (Math.abs(probability - 0.5) >= MIN_STRENGTH) clues.push({ token, probability });
  }
  clues.sort((a, b) => Math.abs(b.probability - 0.5) - Math.abs(a.probability - 0.5));
  const used = clues.slice(0, MAX_CLUES);
  if (used.length === 0) return { spamProbability: 0.5, clues: [] };
  let hamLog = 0;
  let spamLog = 0;
  for (const { probability } of used) {
    // Kept off 0 and 1, so one clue can never decide alone.
    const p = Math.min(0.99, Math.max(0.01, probability));
    hamLog += Math.log(p);
    spamLog += Math.log(1 - p);
  }
  const spamness = 1 - chi2Q(-2 * spamLog, 2 * used.length);
  const hamness = 1 - chi2Q(-2 * hamLog, 2 * used.length);
  return { spamProbability: (spamness - hamness + 1) / 2, clues: used };
}
