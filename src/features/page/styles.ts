// The page's stylesheet (inlined: one request less on a phone) for the screen and for A4 paper.
// The menu's sections, the hours and the footer are laid out and painted only near the screen
// (content-visibility: auto; one not drawn yet counts 30rem high, then the height it last had):
// the first layout of a long menu was the phone's longest task. The browser's find, links to a
// section and screen readers still reach them; on paper every one is drawn. Each section reaches
// .5rem past the column on both sides, so a focus ring at its edge is not cut by its paint clip.

export const PAGE_CSS = `*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--text);font-family:var(--font);line-height:1.45}
header{background:var(--secondary) center/cover;color:var(--on-secondary);padding:2rem 1rem 1.25rem;text-align:center}
header.cover{background-image:linear-gradient(rgba(0,0,0,.55),rgba(0,0,0,.55)),var(--cover);color:#fff}
header h1{margin:.25rem 0;font-size:1.9rem}header p{margin:.25rem 0}.logo{border-radius:50%;background:#fff;vertical-align:middle}
nav{display:flex;gap:.5rem;flex-wrap:wrap;justify-content:center;padding:.6rem 1rem}
nav.sections{position:sticky;top:0;background:var(--bg);border-bottom:1px solid color-mix(in srgb,var(--text) 15%,transparent);z-index:1;overflow-x:auto;flex-wrap:nowrap;justify-content:flex-start}
nav a{color:var(--link);text-decoration:none;padding:.45rem .8rem;border-radius:var(--radius);border:1px solid var(--link);white-space:nowrap;min-height:44px;display:inline-flex;align-items:center}
nav a[aria-current]{background:var(--primary);color:var(--on-primary);border-color:var(--primary)}
main{max-width:46rem;margin:0 auto;padding:0 1rem 2rem}
section{scroll-margin-top:4.5rem}
main>section[data-section-id],main>.hours,footer{content-visibility:auto;contain-intrinsic-block-size:auto 30rem}
main>section[data-section-id],main>.hours{margin-inline:-.5rem;padding-inline:.5rem}
h2{color:var(--link);border-bottom:2px solid var(--accent);padding-bottom:.25rem;margin-top:2rem}
h3{color:var(--heading2);margin-top:1.25rem}h4,h5{margin:1rem 0 .25rem;color:var(--heading2);font-variant:small-caps}
ul{list-style:none;padding:0;margin:0}.notes{font-style:italic}
.dish{border-bottom:1px dashed color-mix(in srgb,var(--text) 25%,transparent);padding-bottom:.4rem}
.dish summary{display:flex;gap:.6rem;align-items:center;padding:.6rem 0 .2rem;cursor:pointer;list-style:none}
.dish summary::-webkit-details-marker{display:none}.dish .name{flex:1;font-weight:600}
.thumb img{width:72px;height:72px;object-fit:cover;border-radius:var(--radius);display:block}
.price{white-space:nowrap;color:var(--link);font-weight:600}
.variants{display:flex;flex-direction:column;align-items:flex-end;text-align:right}.variant{white-space:nowrap}.variants .sep{display:none}
.badge{background:var(--accent);color:var(--on-accent);border-radius:var(--radius);padding:0 .45rem;font-size:.8rem;font-weight:600}
.dish.sold-out .price{text-decoration:line-through}.badge.sold-out-mark{background:var(--text);color:var(--bg)}
.description,.winery{margin:.1rem 0 .4rem;font-size:.95rem}
.tags{display:flex;flex-wrap:wrap;gap:.3rem .7rem;font-size:.85rem;margin:.1rem 0 .2rem}
.traces{font-size:.85rem;margin:0 0 .2rem;font-style:italic}
.options{font-size:.9rem;margin:.1rem 0 .25rem}.opt-group{margin:0 0 .15rem}.opt-label{font-weight:600}
.opt-price{white-space:nowrap;color:var(--link)}.opt.sold-out .opt-name,.opt.sold-out .opt-price{text-decoration:line-through}
.n-list{font-size:.75rem;vertical-align:super}.set-price{white-space:nowrap}.set-choices{margin:.2rem 0;font-weight:600}.ask-without{font-weight:600;margin:.1rem 0}
.al{display:inline-flex;align-items:center;gap:.25rem}
.n{display:inline-block;min-width:1.35rem;height:1.35rem;line-height:1.35rem;border-radius:50%;background:var(--secondary);color:var(--on-secondary);text-align:center;font-size:.75rem;font-weight:700}
.diet{border:1px solid currentColor;border-radius:var(--radius);padding:0 .35rem}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.info{margin-top:1.25rem;border:1px solid color-mix(in srgb,var(--text) 20%,transparent);border-radius:var(--radius);padding:0 1rem}
.hours{margin-top:1.25rem}.hours table{border-collapse:collapse}.hours th{text-align:left;font-weight:normal;padding:.1rem 1rem .1rem 0}.open-now{font-weight:bold}
.info h2{margin-top:1rem;font-size:1.2rem}
.filter fieldset{border:0;padding:0;margin:.5rem 0;display:flex;flex-wrap:wrap;gap:.3rem .5rem}
.filter legend{font-weight:600;margin-bottom:.3rem}
.filter label{display:inline-flex;align-items:center;gap:.3rem;min-height:44px;padding:0 .55rem;border:1px solid color-mix(in srgb,var(--text) 30%,transparent);border-radius:var(--radius)}
.filter button,.filter .reset{font:inherit;min-height:44px;padding:0 1rem;border-radius:var(--radius);border:1px solid var(--primary);background:var(--primary);color:var(--on-primary);margin:.4rem .5rem .8rem 0}
.filter .reset{background:transparent;color:var(--link);display:inline-flex;align-items:center;text-decoration:none}
.js .filter button{display:none}
.tools{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin-top:1rem}
.search{display:none;width:100%;font:inherit;min-height:44px;padding:.6rem;border-radius:var(--radius);border:1px solid color-mix(in srgb,var(--text) 40%,transparent);margin:0;background:var(--bg);color:var(--text)}
.js .search{display:block}
.filters{width:100%}
.filters>summary{display:inline-flex;align-items:center;gap:.45rem;min-height:44px;padding:0 1rem;border:1px solid var(--link);border-radius:var(--radius);color:var(--link);font-weight:600;cursor:pointer;list-style:none}
.filters>summary::-webkit-details-marker{display:none}
.filters>summary::after{content:"";width:.45rem;height:.45rem;border:solid currentColor;border-width:0 2px 2px 0;transform:rotate(45deg);margin:-.2rem 0 0 .2rem}
.filters[open]>summary{background:var(--primary);color:var(--on-primary);border-color:var(--primary)}
.filters[open]>summary::after{transform:rotate(-135deg);margin-top:.25rem}
.filters .count:not(:empty){background:var(--accent);color:var(--on-accent);border-radius:1rem;padding:0 .5rem;font-size:.85rem}
summary:focus-visible,.search:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.photo img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:var(--radius);margin:.3rem 0 .5rem}
.status:empty{display:none}
.legend{list-style:none;columns:2;font-size:.9rem;padding:0;margin:.5rem 0 1rem}.legend li{margin:.15rem 0;break-inside:avoid}
footer{max-width:46rem;margin:0 auto;padding:1.5rem 1rem 3rem;font-size:.9rem}footer a{color:var(--link)}
body.layout-cards .dish{border:1px solid color-mix(in srgb,var(--text) 15%,transparent);border-radius:var(--radius);padding:0 .8rem .4rem;margin:.5rem 0}
body.layout-compact .dish summary{padding:.3rem 0 .1rem}
[hidden]{display:none!important}
@media (max-width:40rem){header{padding:1rem 1rem .75rem}header h1{font-size:1.6rem}.logo{width:56px;height:56px}nav{padding:.4rem 1rem}h2{margin-top:1.25rem}}
.live-note{position:fixed;left:50%;bottom:1rem;transform:translateX(-50%);max-width:calc(100% - 2rem);margin:0;padding:.6rem 1rem;border-radius:var(--radius);background:var(--secondary);color:var(--on-secondary);box-shadow:0 2px 8px rgba(0,0,0,.25);z-index:10}
.offline-note{margin:0;padding:.6rem 1rem;background:#fff3cd;color:#3d2c00;text-align:center}.offline-note button{margin-left:.5rem;font:inherit;padding:.2rem .7rem;min-height:24px}
@media print{
 @page{size:A4;margin:14mm 12mm}
 body{background:#fff;color:#000;font-size:10.5pt;line-height:1.3}
 header,header.cover{background:none;color:#000;padding:0 0 4mm}header h1{font-size:20pt}
 nav,.filter,.search,.status,.thumb,.photo,.print-link,script{display:none!important}
 main,footer{max-width:none;padding:0}
 main>section[data-section-id],main>.hours,footer{content-visibility:visible}main>section[data-section-id],main>.hours{margin-inline:0;padding-inline:0}
 h2{color:#000;border-color:#000;break-after:avoid;margin-top:6mm}h3,h4,h5{color:#000;break-after:avoid}
 .dish{break-inside:avoid;border-color:#999}.dish summary{padding:1.5mm 0 0}
 .price,.badge{color:#000}.badge{background:none;border:1px solid #000}
 .n{background:none;color:#000;border:1px solid #000}
 .info{border:0;padding:0}.info h2{display:none}
 a{color:#000;text-decoration:none}
}`;
