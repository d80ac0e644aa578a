/** The four static question-and-answer posts of the blog page (SPEC §1). */
export type BlogPost = {
  id: string
  topic: string
  question: string
  answer: string[]
}

export const blogPosts: BlogPost[] = [
  {
    id: 'react-state',
    topic: 'React',
    question: 'What are the different ways to manage state in a React application?',
    answer: [
      'Start with local state. useState and useReducer keep values that belong to one component: a form input, a toggle, whether a modal is open. Keep state as close as possible to where it is used, and when two siblings need the same value, lift it up to their nearest common parent and pass it down as props.',
      'When many distant components need the same client-side value, such as the signed-in user, a theme or a shopping cart, React Context saves you from passing props through every level. Context is a way to deliver a value, not a store: every consumer re-renders when it changes. For large or fast-changing state, teams use a store such as Redux Toolkit, Zustand or Jotai, where each component subscribes only to the slice it needs.',
      'Two kinds of state deserve their own tools. Server state (product lists, orders) is really a cache with loading, error and freshness concerns, which libraries like TanStack Query, SWR or a router’s loaders fetch, cache, deduplicate and refresh for you. URL state (search filters, the current page, a selected tab) belongs in the path or query string, so it survives a reload and can be shared as a link.',
    ],
  },
  {
    id: 'prototypes',
    topic: 'JavaScript',
    question: 'How does prototypical inheritance work?',
    answer: [
      'Every JavaScript object has a hidden link, called [[Prototype]], to another object or to null. When you read a property the object does not have itself, the engine follows that link and looks on the prototype, then on the prototype’s prototype, and so on up the prototype chain, until it finds the property or reaches null and returns undefined.',
      'That is how objects share behaviour without copying it. An array’s prototype is Array.prototype, which holds map, filter and push; Array.prototype in turn links to Object.prototype, which holds toString and hasOwnProperty. You can set the link yourself with Object.create(proto) and read it with Object.getPrototypeOf(obj), and a function’s prototype property becomes the [[Prototype]] of every object created with new.',
      'The class syntax of ES2015 is a friendlier way to write the same thing: methods live on the class’s prototype object, and extends links one prototype to another. Assigning a property always creates it on the object itself, shadowing the inherited one instead of changing the prototype, which is why each instance can override a shared default safely.',
    ],
  },
  {
    id: 'unit-tests',
    topic: 'Testing',
    question: 'What is a unit test? Why should we write unit tests?',
    answer: [
      'A unit test checks one small piece of code, usually a single function, class or component, in isolation: given known inputs, it asserts the output or behaviour you expect. Unit tests need no browser, network or database, so runners such as Vitest or Jest can execute hundreds of them in a second, every time you save.',
      'They catch mistakes early, when they are cheapest to fix, and make refactoring safe: change how a discount is calculated, and a red test tells you at once, and exactly where, if you broke something. They are also living documentation. A test named “applies the first-order discount only once” explains the intent of the code better than a comment that may have gone out of date.',
      'Unit tests are not the whole story, because they cannot prove that the pieces work together. They form the wide base of the testing pyramid, with fewer integration and end-to-end tests above them. Test behaviour rather than implementation details, and keep every test small, fast and independent of the others.',
    ],
  },
  {
    id: 'react-angular-vue',
    topic: 'Frameworks',
    question: 'React vs. Angular vs. Vue',
    answer: [
      'React is a library for building user interfaces out of components written in JSX. It concentrates on rendering and leaves routing, data fetching and forms to its ecosystem (React Router, TanStack Query, frameworks such as Next.js). That freedom and its enormous community make it the most widely used of the three, at the price of more decisions for every team.',
      'Angular, maintained by Google, is a complete and opinionated framework built on TypeScript. A router, forms, an HTTP client, dependency injection and a CLI come out of the box, and recent versions add signals for fine-grained reactivity. Its firm structure suits large teams that value consistency, though the learning curve is steeper.',
      'Vue sits in between: a progressive, approachable framework whose single-file components keep template, logic and styles together, with a reactivity system that tracks dependencies automatically and official companions (Vue Router, Pinia) for the common needs. All three are fast and mature; the right choice depends on your team’s experience, the size of the project and how much structure you want the framework to impose.',
    ],
  },
]
