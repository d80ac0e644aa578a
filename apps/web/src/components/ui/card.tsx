import type { ComponentProps, ElementType, ReactNode } from 'react'
import { cn } from '@/lib/cn'

export function Card({ className, ...props }: ComponentProps<'article'>) {
  return (
    <article
      className={cn('card border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md', className)}
      {...props}
    />
  )
}

export function CardFigure({ className, ...props }: ComponentProps<'figure'>) {
  return <figure className={cn('overflow-hidden rounded-t-box bg-base-200', className)} {...props} />
}

export function CardBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('card-body gap-3', className)} {...props} />
}

type CardTitleProps = { as?: ElementType; className?: string; children: ReactNode; id?: string }

export function CardTitle({ as: Heading = 'h3', className, ...props }: CardTitleProps) {
  return <Heading className={cn('card-title font-display text-xl leading-snug', className)} {...props} />
}

export function CardActions({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('card-actions mt-auto items-center justify-between pt-2', className)} {...props} />
}
