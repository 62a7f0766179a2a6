// The few jStat distributions lib/experiments/stats.ts uses (the package ships no types).
declare module "jstat" {
  interface Continuous {
    pdf(x: number, a: number, b: number): number;
    cdf(x: number, a: number, b: number): number;
    inv(p: number, a: number, b: number): number;
  }
  const jStat: {
    beta: Continuous;
    normal: Continuous;
    chisquare: { cdf(x: number, dof: number): number };
  };
  export default jStat;
}
