/**
 * What Mantine's `NavLink` renders its nested links with (a `Collapse` around its children, an
 * `AccordionChevron` beside its label), in this build: nothing, as no NavLink of ours has children
 * (the shell's navigation is one flat list, app/shell/Navigation.tsx). NavLink imports both whether
 * it has children or not, which put the collapse animation and the chevron (~1 KiB gzipped) into
 * every first download (decision 010); vite.config.ts points NavLink's two imports here. A NavLink
 * given children fails loudly, in the dev server as in the build, rather than drawing without them.
 */
function childlessNavLink(): never {
  throw new Error('NavLink with children is not part of this build: see apps/web/src/lib/navLinkChildless.tsx');
}

export const Collapse = childlessNavLink;
export const AccordionChevron = childlessNavLink;
