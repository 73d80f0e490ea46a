/** Pictures for the gallery, drawn as SVG data URLs so the page needs no image files besides the crop sample. */

const svg = (body: string, width = 96, height = 96) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`)}`;

/** The image input's choices: a coloured shape on a light ground. */
export const SHAPES = {
  blue: svg('<rect width="96" height="96" fill="#e8f2ff"/><circle cx="48" cy="48" r="30" fill="#2b94fc"/>'),
  green: svg('<rect width="96" height="96" fill="#e9f7ee"/><rect x="20" y="20" width="56" height="56" rx="6" fill="#1e7d3a"/>'),
  orange: svg('<rect width="96" height="96" fill="#fff2e5"/><path d="M48 16L82 78H14z" fill="#e8740c"/>'),
  purple: svg('<rect width="96" height="96" fill="#f3ecfb"/><path d="M48 12L84 48L48 84L12 48z" fill="#7b3fc4"/>'),
} as const;

/** Flags for the country dropdown, as stripes. */
export const FLAGS = {
  germany: svg(
    '<rect width="48" height="11" fill="#000"/><rect y="11" width="48" height="11" fill="#dd0000"/><rect y="22" width="48" height="10" fill="#ffce00"/>',
    48,
    32,
  ),
  italy: svg(
    '<rect width="16" height="32" fill="#009246"/><rect x="16" width="16" height="32" fill="#fff"/><rect x="32" width="16" height="32" fill="#ce2b37"/>',
    48,
    32,
  ),
  france: svg(
    '<rect width="16" height="32" fill="#002395"/><rect x="16" width="16" height="32" fill="#fff"/><rect x="32" width="16" height="32" fill="#ed2939"/>',
    48,
    32,
  ),
  azerbaijan: svg(
    '<rect width="48" height="11" fill="#00b5e2"/><rect y="11" width="48" height="11" fill="#ef3340"/><rect y="22" width="48" height="10" fill="#509e2f"/>',
    48,
    32,
  ),
  switzerland: svg(
    '<rect width="48" height="32" fill="#da291c"/><rect x="20" y="7" width="8" height="18" fill="#fff"/><rect x="15" y="12" width="18" height="8" fill="#fff"/>',
    48,
    32,
  ),
} as const;

const HUES = [210, 150, 28, 275, 350, 190, 95];

/** The image selector's pictures: a landscape in a different light each, numbered. */
export const PICTURES = HUES.map((hue, index) =>
  svg(
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 62%)"/><stop offset="1" stop-color="hsl(${hue} 60% 88%)"/></linearGradient></defs>` +
      `<rect width="160" height="120" fill="url(#g)"/><circle cx="118" cy="38" r="14" fill="hsl(${hue} 90% 92%)"/>` +
      `<path d="M0 92Q40 60 80 88T160 80V120H0z" fill="hsl(${hue} 35% 35%)"/><text x="12" y="28" font-family="sans-serif" font-size="20" font-weight="700" fill="#fff">${index + 1}</text>`,
    160,
    120,
  ),
);

/** The sample photograph the crop dialog is tried on: 1600 × 1000 pixels. */
export const SAMPLE_PHOTO = new URL('./sample-landscape.png', import.meta.url).href;
