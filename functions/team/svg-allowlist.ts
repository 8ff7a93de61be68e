/**
 * What a logo SVG may keep (logo-sanitiser.ts): the static drawing parts of SVG 1.1 and 2, their
 * presentation attributes and filters. No animation (it can rewrite an href), no <image> from another
 * file, no fonts or cursors from elsewhere. Names are case-sensitive, as SVG's are.
 */
const words = (text: string) => new Set(text.trim().split(/\s+/));

export const SVG_ELEMENTS = words(`
  svg g defs symbol use title desc a switch
  path rect circle ellipse line polyline polygon text tspan textPath image
  linearGradient radialGradient stop clipPath mask pattern marker style
  filter feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting
  feDisplacementMap feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR
  feGaussianBlur feMerge feMergeNode feMorphology feOffset fePointLight feSpecularLighting
  feSpotLight feTile feTurbulence
`);

/**
 * Elements that run script or embed another document: refused wherever they are (their local name,
 * lower case, so `<html:script>` and `<SCRIPT>` are caught as well).
 */
export const SVG_REFUSED_ELEMENTS = words(`
  script foreignobject iframe frame frameset embed object applet handler listener
`);

export const SVG_ATTRIBUTES = words(`
  id class style lang xml:space xml:lang
  viewBox width height x y preserveAspectRatio version baseProfile
  fill fill-opacity fill-rule stroke stroke-width stroke-linecap stroke-linejoin stroke-miterlimit
  stroke-dasharray stroke-dashoffset stroke-opacity opacity transform transform-origin
  clip-path clip-rule mask filter color display visibility overflow isolation mix-blend-mode
  font-family font-size font-size-adjust font-weight font-style font-stretch font-variant
  text-anchor dominant-baseline alignment-baseline baseline-shift letter-spacing word-spacing
  text-decoration writing-mode direction unicode-bidi
  stop-color stop-opacity color-interpolation color-interpolation-filters flood-color flood-opacity
  lighting-color marker-start marker-mid marker-end paint-order vector-effect
  shape-rendering text-rendering image-rendering
  d cx cy r rx ry x1 y1 x2 y2 points pathLength dx dy rotate textLength lengthAdjust
  startOffset method spacing side
  gradientUnits gradientTransform spreadMethod fx fy fr offset
  patternUnits patternContentUnits patternTransform clipPathUnits maskUnits maskContentUnits
  markerUnits markerWidth markerHeight refX refY orient
  filterUnits primitiveUnits in in2 result stdDeviation mode type values operator k1 k2 k3 k4
  scale xChannelSelector yChannelSelector radius baseFrequency numOctaves seed stitchTiles
  kernelMatrix order divisor bias targetX targetY edgeMode preserveAlpha surfaceScale
  diffuseConstant specularConstant specularExponent kernelUnitLength azimuth elevation z
  pointsAtX pointsAtY pointsAtZ limitingConeAngle tableValues slope intercept amplitude exponent
  media requiredFeatures requiredExtensions systemLanguage
`);

/**
 * CSS properties a logo's styles may set, in a <style> element or a style= attribute
 * (logo-sanitiser.ts reads the CSS and refuses any other property, naming it): the presentation
 * attributes above that are CSS properties, and what Illustrator, Figma and Inkscape write besides.
 * Matched in lower case, as CSS reads property names. No custom property (`--x`).
 */
export const SVG_STYLE_PROPERTIES = words(`
  fill fill-opacity fill-rule stroke stroke-width stroke-linecap stroke-linejoin stroke-miterlimit
  stroke-dasharray stroke-dashoffset stroke-opacity opacity transform transform-origin transform-box
  clip-path clip-rule mask mask-type filter color display visibility overflow isolation mix-blend-mode
  font font-family font-size font-size-adjust font-weight font-style font-stretch font-variant
  font-variant-ligatures font-variant-caps font-variant-numeric font-variant-east-asian
  font-variant-position font-feature-settings font-variation-settings font-kerning
  text-anchor dominant-baseline alignment-baseline baseline-shift letter-spacing word-spacing
  text-decoration text-decoration-line text-decoration-style text-decoration-color text-align
  text-indent text-transform text-orientation line-height white-space inline-size
  writing-mode direction unicode-bidi
  stop-color stop-opacity color-interpolation color-interpolation-filters color-rendering
  flood-color flood-opacity lighting-color marker marker-start marker-mid marker-end paint-order
  vector-effect shape-rendering text-rendering image-rendering enable-background
  x y width height cx cy r rx ry
  solid-color solid-opacity shape-inside shape-padding -inkscape-font-specification -inkscape-stroke
`);

/** The properties whose value may hold a quoted string: where a font, or a font feature, is named. */
export const SVG_STYLE_STRING_PROPERTIES = words(`
  font font-family -inkscape-font-specification font-feature-settings font-variation-settings
`);

/**
 * The only functions a style value may call (in lower case, as CSS reads them): colours, transforms
 * and calc() of numbers. url() is no function here: it is kept only with a `#id` of this file.
 */
export const SVG_STYLE_FUNCTIONS = new Set(
  [
    ...words(`
      rgb rgba hsl hsla calc
      translate translateX translateY scale scaleX scaleY rotate skewX skewY matrix
    `),
  ].map((name) => name.toLowerCase()),
);
