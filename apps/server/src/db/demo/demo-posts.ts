import type { BagArtSpec } from './bag-art.ts'

/** A demo blog post: markdown body, a rendered bag picture as its cover, published `daysAgo` days ago. */
export interface DemoPost {
  title: string
  slug: string
  daysAgo: number
  cover: BagArtSpec
  body: string
}

/**
 * The blog's demo posts: the original four question-and-answer cards, then articles about buying and caring for a
 * preloved bag. Markdown, in the subset the blog renders (features/blogs/markdown).
 */
export const DEMO_POSTS: readonly DemoPost[] = [
  {
    title: 'What are the different ways to manage state in a React application?',
    slug: 'ways-to-manage-state-in-react',
    daysAgo: 60,
    cover: {
      kind: 'tote',
      shape: 'structured',
      body: '#2f4858',
      trim: '#c9a66b',
      hardware: 'gold',
      pattern: 'plain',
      background: '#dfe7ea',
    },
    body: `Start with local state. useState and useReducer keep values that belong to one component: a form input, a toggle, whether a modal is open. Keep state as close as possible to where it is used, and when two siblings need the same value, lift it up to their nearest common parent and pass it down as props.

When many distant components need the same client-side value, such as the signed-in user, a theme or a shopping cart, React Context saves you from passing props through every level. Context is a way to deliver a value, not a store: every consumer re-renders when it changes. For large or fast-changing state, teams use a store such as Redux Toolkit, Zustand or Jotai, where each component subscribes only to the slice it needs.

Two kinds of state deserve their own tools. Server state (product lists, orders) is really a cache with loading, error and freshness concerns, which libraries like TanStack Query, SWR or a router’s loaders fetch, cache, deduplicate and refresh for you. URL state (search filters, the current page, a selected tab) belongs in the path or query string, so it survives a reload and can be shared as a link.`,
  },
  {
    title: 'How does prototypical inheritance work?',
    slug: 'how-prototypical-inheritance-works',
    daysAgo: 55,
    cover: {
      kind: 'backpack',
      shape: 'classic',
      body: '#7a3b2e',
      trim: '#3b1f16',
      hardware: 'silver',
      pattern: 'pebbled',
      background: '#efe3d6',
    },
    body: `Every JavaScript object has a hidden link, called [[Prototype]], to another object or to null. When you read a property the object does not have itself, the engine follows that link and looks on the prototype, then on the prototype’s prototype, and so on up the prototype chain, until it finds the property or reaches null and returns undefined.

That is how objects share behaviour without copying it. An array’s prototype is Array.prototype, which holds map, filter and push; Array.prototype in turn links to Object.prototype, which holds toString and hasOwnProperty. You can set the link yourself with Object.create(proto) and read it with Object.getPrototypeOf(obj), and a function’s prototype property becomes the [[Prototype]] of every object created with new.

The class syntax of ES2015 is a friendlier way to write the same thing: methods live on the class’s prototype object, and extends links one prototype to another. Assigning a property always creates it on the object itself, shadowing the inherited one instead of changing the prototype, which is why each instance can override a shared default safely.`,
  },
  {
    title: 'What is a unit test? Why should we write unit tests?',
    slug: 'what-is-a-unit-test',
    daysAgo: 50,
    cover: {
      kind: 'shoulder',
      shape: 'camera',
      body: '#c8a97e',
      trim: '#5c2e17',
      hardware: 'gold',
      pattern: 'canvas',
      background: '#f1ebe2',
    },
    body: `A unit test checks one small piece of code, usually a single function, class or component, in isolation: given known inputs, it asserts the output or behaviour you expect. Unit tests need no browser, network or database, so runners such as Vitest or Jest can execute hundreds of them in a second, every time you save.

They catch mistakes early, when they are cheapest to fix, and make refactoring safe: change how a discount is calculated, and a red test tells you at once, and exactly where, if you broke something. They are also living documentation. A test named “applies the first-order discount only once” explains the intent of the code better than a comment that may have gone out of date.

Unit tests are not the whole story, because they cannot prove that the pieces work together. They form the wide base of the testing pyramid, with fewer integration and end-to-end tests above them. Test behaviour rather than implementation details, and keep every test small, fast and independent of the others.`,
  },
  {
    title: 'React vs. Angular vs. Vue',
    slug: 'react-vs-angular-vs-vue',
    daysAgo: 45,
    cover: {
      kind: 'tote',
      shape: 'shopper',
      body: '#3d5a40',
      trim: '#e6d5b8',
      hardware: 'silver',
      pattern: 'stripes',
      background: '#e4eadf',
    },
    body: `React is a library for building user interfaces out of components written in JSX. It concentrates on rendering and leaves routing, data fetching and forms to its ecosystem (React Router, TanStack Query, frameworks such as Next.js). That freedom and its enormous community make it the most widely used of the three, at the price of more decisions for every team.

Angular, maintained by Google, is a complete and opinionated framework built on TypeScript. A router, forms, an HTTP client, dependency injection and a CLI come out of the box, and recent versions add signals for fine-grained reactivity. Its firm structure suits large teams that value consistency, though the learning curve is steeper.

Vue sits in between: a progressive, approachable framework whose single-file components keep template, logic and styles together, with a reactivity system that tracks dependencies automatically and official companions (Vue Router, Pinia) for the common needs. All three are fast and mature; the right choice depends on your team’s experience, the size of the project and how much structure you want the framework to impose.`,
  },
  {
    title: 'How to spot a counterfeit designer bag',
    slug: 'how-to-spot-a-counterfeit-designer-bag',
    daysAgo: 21,
    cover: {
      kind: 'shoulder',
      shape: 'flap',
      body: '#1d1d1f',
      trim: '#1d1d1f',
      hardware: 'gold',
      pattern: 'quilted',
      background: '#e9e1d8',
    },
    body: `Good fakes are better than they were ten years ago, but they still cut corners where the maker hopes nobody looks. Before you pay for a second-hand designer bag, take ten minutes and look at it the way our checkers do.

## Start with the price and the story

A current-season bag at a third of its retail price is the first warning, not a bargain. Ask the seller where and when it was bought, and for the receipt, the dust bag and any cards. Paperwork can be faked too, so treat it as one clue among several: a seller who answers clearly and sends extra photos when asked is a good sign.

## Stitching

Designer houses stitch slowly and evenly. Count the stitches along one edge of a quilted panel or a handle: they should be straight, the same length, angled the same way and, on many models, a set number per inch. Loose threads, doubled stitches, glue at the seams and wandering lines are typical of a copy.

## Hardware and zips

Real hardware is heavy, cleanly engraved and plated evenly. Feel the weight of a turn-lock or a chain, and look at the engraving under a light: letters should be crisp, evenly spaced and in the right font. Check the zip puller too. Many houses use Lampo, Riri or their own marked zips; an unmarked, light zip on a luxury bag deserves a second look.

## Leather, lining and smell

Genuine leather has a fine, irregular grain and smells of leather, not of chemicals or plastic. Run a finger over the edges: careful edge paint is smooth and even. Inside, the lining should be tight, the pockets square and the heat stamp sharp, centred and in the right place for the model and year.

## Codes and serial stickers

Most houses mark their bags with a [date code](/blogs/reading-date-codes-and-serial-numbers) or a serial number. A code that does not match the bag's style, factory or year is a strong sign of a fake, and so is a serial sticker on a model that never had one.

## When in doubt

- Compare with photos of the same model on the brand's own site.
- Ask for close-ups of the stamp, the code, the hardware and the stitching.
- Use a professional authentication service for expensive bags.
- Report a listing you think is fake: every listing here has a **Report this Listing** button, and our team reviews each report.
`,
  },
  {
    title: 'Leather care: keep a preloved bag looking its best',
    slug: 'leather-care-for-preloved-bags',
    daysAgo: 14,
    cover: {
      kind: 'tote',
      shape: 'open',
      body: '#8b5a2b',
      trim: '#4a2c14',
      hardware: 'gold',
      pattern: 'pebbled',
      background: '#f0e6da',
    },
    body: `A well-made leather bag can outlive its first owner by decades. Most of what it needs is a little routine, not expensive products.

## Every week

- **Empty it.** Pens leak, keys scratch and a heavy load stretches the handles.
- **Wipe it.** A dry, soft microfibre cloth removes dust and the oils from your hands before they settle into the grain.
- **Rest it.** Give a daily bag a day off now and then, so the leather can relax and dry out.

## Every few months

Clean the bag with a pH-neutral leather cleaner on a damp cloth, working in small circles, then let it dry away from radiators and sunlight. Once it is dry, feed smooth leather with a thin layer of conditioner and buff it off after twenty minutes. Too much conditioner darkens leather and makes it sticky, so less is more.

Test every product on a hidden spot first, such as under a flap or inside a pocket. Suede, nubuck, patent and exotic leathers each need their own products: use a suede brush and eraser for suede, and a damp cloth only for patent.

## Storage

1. Stuff the bag with acid-free tissue paper or a bag pillow so it keeps its shape.
2. Keep it in its dust bag, or a cotton pillowcase, never in plastic, which traps moisture.
3. Store it upright on a shelf, not hanging by its handles.
4. Keep chains and metal straps inside the dust bag, wrapped in tissue, so they do not mark the leather.

## Spills and rain

Blot water and spills at once with a clean cloth; do not rub. Let the bag dry naturally at room temperature, stuffed with paper to keep its shape. For ink, oil and colour transfer from jeans, go to a leather specialist: home remedies such as alcohol or baby wipes often strip the finish.

A bag that is cared for keeps its value, too. Sellers who can show a clean, well-stored bag usually sell it faster and for more.
`,
  },
  {
    title: 'Reading date codes and serial numbers',
    slug: 'reading-date-codes-and-serial-numbers',
    daysAgo: 9,
    cover: {
      kind: 'shoulder',
      shape: 'baguette',
      body: '#6b4f3a',
      trim: '#d8b46a',
      hardware: 'gold',
      pattern: 'monogram',
      background: '#ece4d9',
    },
    body: `Many designer bags carry a small code that says when and where they were made. It is not a certificate of authenticity, but a code that fits the bag is one more reason for trust, and one that does not fit is a reason to stop.

## Where to look

Codes hide in the lining: on a small leather tab inside a side pocket, stamped along a seam, or on a sticker or woven label. Use a torch and look at the top edges of inner pockets first.

## Louis Vuitton

Bags made from the 1980s until early 2021 carry a **date code**: two letters for the workshop's country, and four digits for the date. Since the 1990s the digits are interleaved: in \`SD1028\`, the first and third digits (1 and 2) give the week, 12, and the second and fourth (0 and 8) give the year, 2008. From 2021 the house replaced date codes with microchips, so a recent bag without a code is normal.

## Chanel

Chanel uses a **serial number** on a sticker inside the bag, matched by the authenticity card. The number of digits points to a period: 7 digits for bags of the mid-1980s to early 1990s, 8 digits from then until about 2021. In 2021 serial stickers were replaced by a metal plate with a microchip. The card's number must match the sticker exactly.

## Hermès

A small stamped letter near the craftsman's mark gives the year. The house has put it in a circle, then in a square, then in no shape at all, and has started the alphabet again more than once, so one letter can point to several years: the shape around it and the bag's style tell them apart. A year stamp that belongs to a period before the model existed is a clear warning.

## Gucci, Prada and others

Gucci stamps a two-line number on the back of its leather tag: the first line is the style and the second the supplier. Prada and many others use an authenticity card and, on newer bags, a label with a QR code or an NFC chip.

## What a code does not prove

Counterfeiters copy codes too. Check that the code's country matches the *Made in* stamp, that its date fits the model, and that the font and stamping depth look like other examples of the same year. Read our guide on [spotting a counterfeit](/blogs/how-to-spot-a-counterfeit-designer-bag) for the rest of the checks.
`,
  },
  {
    title: 'Excellent, good or fair: what our condition grades mean',
    slug: 'what-our-condition-grades-mean',
    daysAgo: 4,
    cover: {
      kind: 'backpack',
      shape: 'mini',
      body: '#b7410e',
      trim: '#5a1e05',
      hardware: 'silver',
      pattern: 'plain',
      background: '#f3e7dc',
    },
    body: `Every bag listed here carries one of three condition grades. Sellers choose the grade, our checkers look at the photos, and a listing whose grade does not match can be reported. This is what each grade means here.

## Excellent

The bag looks nearly new. It may have been carried a few times, but you have to look closely to tell.

- Corners and edges show no rubbing.
- Hardware is bright, with at most faint surface marks.
- The lining is clean: no stains, pen marks or smells.
- The bag keeps its original shape.

Excellent bags often come with their dust bag, box or cards. Those extras are listed separately in each listing's details.

## Good

The bag has been used and loved, and it shows a little, but nothing that stops you using it every day.

- Light rubbing on corners or the base.
- Small scratches on the hardware, or slight tarnish on a chain.
- Light marks inside, a faint crease in the leather or a little softening of the shape.

Good is the most common grade here, and usually the best value: a well-made bag in good condition has years of life left.

## Fair

The bag works and is complete, but it shows clear signs of wear that the seller describes and photographs.

- Visible wear on corners, handles or edges, such as darkening, scuffs or cracked edge paint.
- Stains or marks on the outside or the lining.
- Hardware that has lost some plating, or a zip that needs a firm hand.

A fair bag is a good buy for someone who will restore it, or who wants a bag they need not worry about. Specialists can often repaint edges, clean linings and replate hardware for much less than the difference in price.

## If a bag is not as described

Look at every photo before you book, and ask the seller for more if you need them. If a bag you receive is not in the condition its listing promised, use **Report this Listing**, choose *Misleading description*, and tell us what you found.
`,
  },
]
