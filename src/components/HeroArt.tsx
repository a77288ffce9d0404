/**
 * Decorative network of connected nodes beside the hero text on wide screens: "AI that connects your
 * processes", drawn inline (no request), hidden from assistive technology and from phones.
 */
const NODES: [number, number, number][] = [
  [60, 90, 7],
  [180, 40, 5],
  [300, 110, 9],
  [420, 60, 6],
  [110, 220, 6],
  [240, 250, 12],
  [380, 230, 7],
  [470, 300, 5],
  [70, 360, 5],
  [190, 400, 7],
  [330, 380, 6],
  [440, 430, 8],
];
const LINKS: [number, number][] = [
  [0, 1],
  [1, 2],
  [2, 3],
  [0, 4],
  [1, 5],
  [2, 5],
  [3, 6],
  [4, 5],
  [5, 6],
  [6, 7],
  [4, 8],
  [5, 9],
  [8, 9],
  [9, 10],
  [5, 10],
  [6, 10],
  [10, 11],
  [7, 11],
];

export function HeroArt() {
  return (
    <svg className="hero-art" viewBox="0 0 520 480" width="520" height="480" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="hero-glow" cx="50%" cy="50%" r="50%">
          <stop offset="0%" stopColor="#6366f1" stopOpacity="0.22" />
          <stop offset="100%" stopColor="#6366f1" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="240" cy="250" r="230" fill="url(#hero-glow)" />
      <circle cx="240" cy="250" r="150" fill="none" stroke="#c7d2fe" strokeDasharray="4 8" />
      {LINKS.map(([from, to]) => {
        const [x1, y1] = NODES[from] ?? [0, 0];
        const [x2, y2] = NODES[to] ?? [0, 0];
        return <line key={`${from}-${to}`} x1={x1} y1={y1} x2={x2} y2={y2} stroke="#a5b4fc" strokeWidth="1.5" />;
      })}
      {NODES.map(([x, y, r], index) => (
        <circle
          key={`${x}-${y}`}
          cx={x}
          cy={y}
          r={r}
          fill={index === 5 ? "#4f46e5" : "#fff"}
          stroke="#4f46e5"
          strokeWidth="2"
        />
      ))}
      <circle cx="240" cy="250" r="26" fill="none" stroke="#4f46e5" strokeOpacity="0.35" strokeWidth="2" />
    </svg>
  );
}
