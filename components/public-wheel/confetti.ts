// Confetti on a win (canvas-confetti), fetched with the result screen, never for visitors who
// asked their system for reduced motion.
export async function celebrate() {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const { default: confetti } = await import("canvas-confetti");
  await confetti({ particleCount: 120, spread: 75, origin: { y: 0.6 }, disableForReducedMotion: true });
}
