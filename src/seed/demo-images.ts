// The demo restaurant's own pictures (logo, cover, a few dishes), drawn as SVG and re-encoded
// like any upload, so the demo needs no outside host and no binary files in the repository.
import sharp from 'sharp';
import { type EncodedImage, encodeImage } from '../resources/media/encode.js';

/** SVG is not an upload format: drawn to PNG first, then encoded like any upload. */
const draw = async (svg: string, purpose: 'photo' | 'logo' | 'cover') =>
  encodeImage(await sharp(Buffer.from(svg)).png().toBuffer(), purpose);

const plate = (
  food: string,
  table = '#6B4F3A',
) => `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768" viewBox="0 0 1024 768">
<defs><radialGradient id="p" cx="50%" cy="45%" r="55%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e6e1d8"/></radialGradient>
<linearGradient id="t" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${table}"/><stop offset="1" stop-color="#3B2A1E"/></linearGradient></defs>
<rect width="1024" height="768" fill="url(#t)"/>
<g opacity=".18" stroke="#000" stroke-width="3">${Array.from({ length: 9 }, (_, i) => `<line x1="0" y1="${i * 90 + 20}" x2="1024" y2="${i * 90 + 60}"/>`).join('')}</g>
<ellipse cx="512" cy="400" rx="360" ry="300" fill="#00000040"/>
<circle cx="512" cy="384" r="330" fill="url(#p)"/><circle cx="512" cy="384" r="250" fill="none" stroke="#d9d2c5" stroke-width="6"/>
${food}</svg>`;

const dots = (n: number, cx: number, cy: number, spread: number, r: number, fill: string, seed: number) =>
  Array.from({ length: n }, (_, i) => {
    const a = (i * 137.5 + seed) * (Math.PI / 180);
    const d = spread * Math.sqrt((i + 1) / n);
    return `<circle cx="${(cx + d * Math.cos(a)).toFixed(1)}" cy="${(cy + d * Math.sin(a)).toFixed(1)}" r="${r}" fill="${fill}"/>`;
  }).join('');

const DISHES: Record<string, string> = {
  tagliere: plate(
    `<rect x="280" y="250" width="470" height="270" rx="30" fill="#B07A45"/>${dots(10, 400, 340, 70, 34, '#C8485A', 1)}${dots(8, 620, 330, 60, 30, '#F2D16B', 40)}${dots(6, 520, 450, 60, 26, '#E9E0C9', 90)}`,
  ),
  burrata: plate(
    `<circle cx="512" cy="384" r="120" fill="#FBF8F0"/><circle cx="490" cy="360" r="40" fill="#ffffff"/>${dots(12, 512, 384, 200, 26, '#D7263D', 7)}${dots(14, 512, 384, 190, 12, '#3E7B27', 60)}`,
  ),
  tortellini: plate(
    `<circle cx="512" cy="384" r="230" fill="#E8B04B"/>${dots(22, 512, 384, 170, 24, '#F6DCA0', 3)}${dots(8, 512, 384, 190, 6, '#3E7B27', 33)}`,
  ),
  lasagne: plate(
    `<rect x="340" y="250" width="340" height="260" rx="18" fill="#F3D27A"/><rect x="340" y="300" width="340" height="30" fill="#B5361F"/><rect x="340" y="370" width="340" height="30" fill="#B5361F"/><rect x="340" y="440" width="340" height="30" fill="#F6EBD0"/>`,
  ),
  tagliata: plate(
    `${Array.from({ length: 7 }, (_, i) => `<rect x="${330 + i * 52}" y="260" width="44" height="240" rx="14" fill="#8E3B2E" stroke="#C9736A" stroke-width="8"/>`).join('')}${dots(16, 512, 384, 200, 12, '#4E8A2E', 11)}`,
  ),
  verdure: plate(
    `${dots(7, 512, 384, 170, 46, '#5E2A6E', 5)}${dots(7, 512, 384, 150, 40, '#E8A33C', 50)}${dots(7, 512, 384, 120, 36, '#6E9E3A', 100)}${dots(5, 512, 384, 90, 30, '#C2321F', 150)}`,
  ),
  pannacotta: plate(
    `<ellipse cx="512" cy="400" rx="150" ry="120" fill="#FFF7E8"/><ellipse cx="512" cy="330" rx="120" ry="40" fill="#8C1C3A"/>${dots(10, 512, 440, 140, 16, '#3A1F5E', 21)}`,
  ),
};

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<circle cx="256" cy="256" r="250" fill="#7A1F2B"/><circle cx="256" cy="256" r="220" fill="none" stroke="#C9A227" stroke-width="10"/>
<path d="M136 330 V220 Q136 150 196 150 Q256 150 256 220 Q256 150 316 150 Q376 150 376 220 V330" fill="none" stroke="#FBF7F0" stroke-width="22"/>
<rect x="116" y="330" width="280" height="22" fill="#FBF7F0"/><text x="256" y="420" font-family="serif" font-size="52" fill="#FBF7F0" text-anchor="middle">PORTICO</text></svg>`;

const COVER = `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="900" viewBox="0 0 1920 900">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#E9A15A"/><stop offset="1" stop-color="#8C3B22"/></linearGradient></defs>
<rect width="1920" height="900" fill="url(#s)"/>
${Array.from({ length: 8 }, (_, i) => `<path d="M${i * 250 - 40} 900 V420 Q${i * 250 + 85} 250 ${i * 250 + 210} 420 V900 Z" fill="#5A2417" opacity=".85"/><rect x="${i * 250 + 190}" y="380" width="60" height="520" fill="#C8683A"/>`).join('')}
<rect y="820" width="1920" height="80" fill="#3B1A10"/></svg>`;

let drawn: Promise<DemoImages> | undefined;

export interface DemoImages {
  logo: EncodedImage;
  cover: EncodedImage;
  photos: Map<string, EncodedImage>;
}

/** Drawn once per process (seeding several demo copies in tests costs one encoding). */
export function demoImages(): Promise<DemoImages> {
  drawn ??= (async () => {
    const photos = new Map<string, EncodedImage>();
    for (const [name, svg] of Object.entries(DISHES)) photos.set(name, await draw(svg, 'photo'));
    return {
      logo: await draw(LOGO, 'logo'),
      cover: await draw(COVER, 'cover'),
      photos,
    };
  })();
  return drawn;
}
