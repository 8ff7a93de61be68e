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
