import { createElement, Fragment, type ReactNode } from 'react'
import { type Block, type Inline, parseMarkdown } from './parse-markdown'

// React elements from parse-markdown's tree: every text is a React text child (escaped), every attribute one of the
// few set here from checked values. No dangerouslySetInnerHTML.

const h = createElement

function inline(nodes: readonly Inline[], key = ''): ReactNode[] {
  return nodes.map((node, index) => {
    const k = `${key}${index}`
    switch (node.type) {
      case 'text':
        return node.text
      case 'break':
        return h('br', { key: k })
      case 'code':
        return h('code', { key: k, className: 'rounded bg-base-200 px-1.5 py-0.5 font-mono text-[0.9em]' }, node.text)
      case 'strong':
        return h('strong', { key: k, className: 'font-semibold' }, inline(node.children, `${k}.`))
      case 'em':
        return h('em', { key: k }, inline(node.children, `${k}.`))
      case 'image':
        return h('img', {
          key: k,
          src: node.src,
          alt: node.alt,
          loading: 'lazy',
          decoding: 'async',
          referrerPolicy: 'no-referrer',
          className: 'my-4 h-auto max-w-full rounded-box',
        })
      default: {
        const external = /^(https?:|mailto:)/i.test(node.href)
        return h(
          'a',
          {
            key: k,
            href: node.href,
            className: 'link link-primary',
            ...(external ? { rel: 'nofollow ugc noopener noreferrer' } : {}),
          },
          inline(node.children, `${k}.`),
        )
      }
    }
  })
}

function blocks(nodes: readonly Block[], key = ''): ReactNode[] {
  return nodes.map((node, index) => {
    const k = `${key}${index}`
    switch (node.type) {
      case 'heading':
        return h(
          `h${node.level}`,
          {
            key: k,
            className:
              node.level === 2
                ? 'mt-10 mb-3 text-2xl font-semibold sm:text-3xl'
                : 'mt-8 mb-2 font-sans text-lg font-semibold tracking-normal sm:text-xl',
          },
          inline(node.children),
        )
      case 'paragraph':
        return h('p', { key: k, className: 'my-4' }, inline(node.children))
      case 'list':
        return h(
          node.ordered ? 'ol' : 'ul',
          {
            key: k,
            className: `my-4 flex flex-col gap-2 pl-6 ${node.ordered ? 'list-decimal' : 'list-disc'}`,
            ...(node.ordered && node.start !== 1 ? { start: node.start } : {}),
          },
          node.items.map((item, i) => h('li', { key: `${k}.${i}`, className: 'pl-1' }, inline(item))),
        )
      case 'quote':
        return h(
          'blockquote',
          { key: k, className: 'my-6 border-l-4 border-primary/40 pl-4 text-base-content/85 italic' },
          blocks(node.children, `${k}.`),
        )
      case 'code':
        return h(
          'pre',
          { key: k, className: 'my-4 overflow-x-auto rounded-box bg-base-200 p-4 font-mono text-sm' },
          h('code', null, node.text),
        )
      default:
        return h('hr', { key: k, className: 'my-8 border-base-300' })
    }
  })
}

/** A post's markdown as React elements, in the safe subset parse-markdown reads. */
export function Markdown({ source }: { source: string }): ReactNode {
  return h(Fragment, null, blocks(parseMarkdown(source)))
}
